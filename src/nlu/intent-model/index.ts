export { extractFeatures, foldForFeatures, type FeatureVector } from './features';
export { LinearIntentModel, type IntentModelArtifact, type IntentPrediction } from './linear-model';
export { lazyIntentModel } from './load';
export { CAPPED_CONFIDENCE, checkWrite, type SpeechActRules, type WriteCheck } from './write-evidence';
export type { IntentTrainingSource } from './training-set';
export { decideIntent, type IntentDecision, type IntentReader, type ModelInput } from './decide';
export { asksForWrite } from './asks-for-write';
