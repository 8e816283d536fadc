/**
 * es-MX: a question about what Iris is or does in general ("¿qué cosas puedes hacer?", "¿para
 * qué sirves?"), on text folded to lower case without accents. The pack's help answers it, not a
 * document's section. Written from the development set's messages labeled "capability"
 * (`tests/fixtures/knowledge/suggestions/dev.jsonl`).
 */
export const ES_MX_ASKS_WHAT_IRIS_DOES = new RegExp(
  [
    // "¿qué puedes hacer?", "q cosas haces", "qué tanto puedes hacer", "y q mas sabes hacer"
    '\\b(?:que|q|k)\\s+(?:tanto\\s+|cosas\\s+|mas\\s+)?(?:haces|puedes hacer|puede hacer|sabes hacer|sabes|puedes)\\b',
    '\\bpara (?:que|q) sirves\\b',
    '\\bcomo funcionas\\b',
    '\\bcomo funciona (?:esto|esta app|este programa|iris)\\b',
    '\\bpor donde (?:empiezo|comienzo)\\b',
    '\\beres (?:un |una )?(?:robot|bot|persona|maquina)\\b',
    '\\bwhat can (?:you|u) do\\b',
  ].join('|'),
);
