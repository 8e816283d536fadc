/**
 * es-MX greetings and "how are you"s, on text folded to lower case without accents: "hola Iris,
 * ¿cómo estás?" asks nothing about a subject, though it ends in a question mark.
 */
export const ES_MX_PLEASANTRIES =
  /(?<![\p{L}\p{N}])(?:hola+|buen(?:os|as)? (?:dias|tardes|noches)|buenas|que onda|q onda|que tal|como (?:estas|esta usted|esta|te va|le va)|bix a beel|iris)(?![\p{L}\p{N}])/gu;
