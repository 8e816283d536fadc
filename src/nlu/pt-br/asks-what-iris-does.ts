/**
 * pt-BR: a question about what Iris is or does in general ("o que vc consegue fazer?", "como
 * funciona isso aqui?", "é aqui que eu falo com a Iris?"), on text folded to lower case without
 * accents. The pack's help answers it, not a document's section. Written from the development
 * set's messages labeled "capability" (`tests/fixtures/knowledge/suggestions/dev.jsonl`).
 */
export const PT_BR_ASKS_WHAT_IRIS_DOES = new RegExp(
  [
    // "o que vc consegue fazer", "oq tu sabe fazer", "o que que você faz", "o que a senhora faz"
    '\\b(?:o que|oq|o q|que)\\s+(?:que\\s+)?(?:mais\\s+)?(?:vc|voce|tu|a senhora|o senhor)\\s+(?:consegue|sabe|pode|faz)\\b',
    // "vc faz o que exatamente?", "tu faz o que mais?"
    '\\b(?:vc|voce|tu)\\s+faz\\s+o\\s+(?:que|q)\\b',
    '\\bcomo (?:vc|voce|tu|isso|isso aqui|esse servico|este servico|a iris) funciona\\b',
    '\\bcomo funciona (?:isso|isso aqui|esse servico|este servico|a iris)\\b',
    '\\bpor onde (?:devo |eu )?comec',
    '\\b(?:e|eh) (?:um )?(?:robo|gente|pessoa|maquina)\\b',
    '\\be aqui que (?:eu )?falo\\b',
    '\\bquais servicos\\b',
    '\\bwhat can (?:you|u) do\\b',
  ].join('|'),
);
