/**
 * The one door to `@google/genai` for the rest of the project.
 *
 * The package is `"type": "module"` and its `exports` list `types` (an ESM `.d.ts`) before
 * `require`, so TypeScript (`module: node16`, CommonJS output) refuses a plain `import`
 * (TS1479) although Node and jest load its CommonJS build (`dist/node/index.cjs`) through
 * `require` without trouble. So: types from the ESM declarations, values from `require`.
 * Same classes either way; `instanceof ApiError` works because everyone goes through here.
 * A dynamic `import()` is not an option: jest without ESM mode cannot load it.
 *
 * Loaded on first use, not at start: the SDK is ~19 MB of memory and ~130 ms of loading that
 * every process paid (the container imports the providers) although only a process with a
 * Gemini key ever calls it.
 */
import type * as GenAI from '@google/genai' with { 'resolution-mode': 'import' };
import { onFirstUse } from '../../core/on-first-use';

let loaded = false;

/** The SDK's module, loaded by the first caller. */
export const genai = onFirstUse(() => {
  loaded = true;
  return require('@google/genai') as typeof GenAI;
});

/** Whether `error` is the SDK's `ApiError`; never loads the SDK (no SDK, no error of its own). */
export function isApiError(error: unknown): error is ApiError {
  return loaded && error instanceof genai().ApiError;
}

export type ApiError = GenAI.ApiError;
export type GoogleGenAI = GenAI.GoogleGenAI;
export type GenerateContentParameters = GenAI.GenerateContentParameters;
export type GenerateContentResponse = GenAI.GenerateContentResponse;
