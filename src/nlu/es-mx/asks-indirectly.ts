/**
 * es-MX: a question asked without ¿? and not at the start of the message, on text folded to
 * lower case without accents and with texting shortcuts spelt out ("q" is "que", "xq" is
 * "porque"): people tell their situation first and ask at the end — "ya me volé el presupuesto y
 * vamos a 18, q hago ahora", "…la deuda casi no baja por que", "esta bien o donde lo pongo". Read
 * only to decide whether a message that no passage answers asks about a subject
 * (`topic-question.ts`), never whether to write anything. Written from the knowledge development
 * set's misses (`tests/fixtures/knowledge/dev/`) and checked against the labeled greetings and
 * thank-yous, which must not match.
 */
export const ES_MX_ASKS_INDIRECTLY = new RegExp(
  [
    // A question word opening a later clause: "…, como le hago", "… o donde lo pongo", "… y cuanto es";
    // not a wish or a compliment ("Que Dios te bendiga", "que tengas bonito dia", "como siempre")
    '(?:[,;:.!]|\\b(?:y|o|pero|entonces|ahora|osea|o sea)\\b)\\s+(?:que|como|cual|cuales|cuanto|cuanta|cuantos|cuando|donde|por que|para que|quien)\\b' +
      '(?!\\s+(?:siempre|bueno|bien|padre|chido|lindo|amable|dios|la virgen\\w*|tengas|tenga|te vaya|le vaya|pases|pase|descanses|descanse|estes|sigas|siga|puedas|pueda)\\b)',
    // What to do, what it is, what it is for: "q hago", "q es eso", "de q me sirve"
    '\\bque (?:hago|hacemos|hago ahora|me recomiendas|recomiendas|me conviene|conviene|debo|es eso|es esto|significa|quiere decir)\\b',
    '\\b(?:de|para|pa) que (?:me |te |nos )?sirve\\b',
    // The question at the very end: "… o que", "… o no", "… por que", "tiene razon o que"
    '\\b(?:o que|o no|o ya [a-z]+(?: [a-z]+)?|por que|porque|o como|y ahora)\\W*$',
    // Not knowing, or asking to be told: "ni se por donde empezar", "quisiera saber…", "explicame…"
    '\\b(?:no|ni) se (?:si|como|que|cual|cuanto|cuando|donde|por donde|a quien)\\b',
    '\\b(?:quiero|queria|quisiera|necesito) (?:saber|entender)\\b',
    '\\b(?:explicame|me explicas|me explica|me aclaras|dime|me dices|ayudame a entender)\\b',
    '\\b(?:tengo|una) duda\\b',
  ].join('|'),
);
