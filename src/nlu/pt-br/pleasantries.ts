/**
 * pt-BR greetings and "how are you"s, on text folded to lower case without accents: "bom dia
 * Iris, tudo bem?" asks nothing about a subject, though it ends in a question mark.
 */
export const PT_BR_PLEASANTRIES =
  /(?<![\p{L}\p{N}])(?:oi+|ola|opa|e ai|eai|fala ai|bom dia|boa tarde|boa noite|bom domingo|(?:tudo|td) (?:bem|bom|certo|joia|tranquilo|ok)(?: por ai| por aqui| com (?:voce|vc|a senhora|o senhor))?|blz|beleza|como vai(?: voce| vc)?|iris)(?![\p{L}\p{N}])/gu;
