/**
 * Offline understanding of Mexican Spanish for personal finance (the Cristi agent): no API key,
 * deterministic, well under a millisecond per message. The finance pack builds it with its
 * trained intent model.
 */
export { createEsMxUnderstander, esMxModelInput, esMxRuleUnderstander } from './understander';
export { ES_MX_SPEECH_ACTS } from '../../../../nlu/es-mx/speech-act';
export { INTENTS as ES_MX_INTENTS } from './intents';
