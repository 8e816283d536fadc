/**
 * pt-BR: a question asked without a question mark and not at the start of the message, on text
 * folded to lower case without accents and with texting shortcuts spelt out ("oq" is "o que"):
 * people tell their situation first and ask at the end — "deu invalido, mas ela jura q ta certo.
 * oq pode ser", "o cpf deu invalido, como pode". Read only to decide whether a message that no
 * passage answers asks about a subject (`topic-question.ts`), never whether to write anything.
 * Written from the knowledge development set's misses (`tests/fixtures/knowledge/dev/`) and
 * checked against the labeled greetings and thank-yous, which must not match.
 */
export const PT_BR_ASKS_INDIRECTLY = new RegExp(
  [
    // A question word opening a later clause: "…, como pode", "…. o que pode ser", "… e quanto custa"
    '(?:[,;:.!]|\\b(?:e|mas|entao|ai|agora)\\b)\\s+(?:qual|quais|quanto|quantos|quantas|como|quando|onde|o que|por que|quem|sera que)\\b(?!\\s+sempre\\b)',
    // The question at the very end: "… ou nao", "… por que", "… e agora"
    '\\b(?:ou nao|ou o que|ou que|por que|porque|e agora|faco o que|que eu faco|o que eu faco|como faz|como faco)\\W*$',
    // Not knowing, or asking to be told: "nao sei se…", "queria saber…", "me explica…"
    '\\b(?:nao sei|nem sei) (?:se|como|o que|qual|quanto|quando|onde|por onde)\\b',
    '\\b(?:queria|quero|gostaria de|preciso) (?:saber|entender)\\b',
    '\\b(?:me )?(?:explica|explique|esclarece|esclareca)\\b',
    '\\bme (?:diz|diga|fala|fale|ajuda|ajude|tira uma duvida)\\b',
    '\\b(?:tenho|tem|estou com|to com|uma) duvida\\b',
  ].join('|'),
);
