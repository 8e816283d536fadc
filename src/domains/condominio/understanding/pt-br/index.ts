export { condominioModelInput, createCondominioUnderstander } from './understander';
export { CONDOMINIO_SPEECH_ACTS } from './speech-acts';
