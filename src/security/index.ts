/**
 * Guards around model input and output (docs/gemini.md): prompt injection detection
 * on what a person writes, output validation on what a model answers, personal data patterns.
 * Pure functions, no I/O; the understanding engine (`src/engine`) applies them.
 */
export {
  analyzeInjection,
  INJECTION_MAX_CHARS,
  type InjectionAction,
  type InjectionAnalysis,
  type InjectionDetectorOptions,
  type InjectionFinding,
} from './injection-detector';
export {
  INJECTION_CATEGORIES,
  INJECTION_PATTERNS,
  RISK_LEVELS,
  type InjectionCategory,
  type RiskLevel,
} from './injection-patterns';
export {
  validateModelOutput,
  type ModelCall,
  type OutputBlockReason,
  type OutputValidation,
  type OutputValidationInput,
} from './output-validator';
export { findPii, foreignPii, scrubPii, type PiiKind, type PiiMatch, type ScrubResult } from './pii';
