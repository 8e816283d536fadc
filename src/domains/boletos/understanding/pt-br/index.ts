export { createPtBrUnderstander, ptBrModelInput, ptBrRuleUnderstander } from './understander';
export { PT_BR_SPEECH_ACTS } from '../../../../nlu/pt-br/speech-act';
export { INTENTS as PT_BR_INTENTS, type Intent as PtBrIntent } from './intents';
export type { BoletoStatus } from './status-filter';
