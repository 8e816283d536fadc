export { ptBrUnderstander } from './understander';
export { INTENTS as PT_BR_INTENTS, type Intent as PtBrIntent } from './intents';
export type { BoletoStatus } from './status-filter';
