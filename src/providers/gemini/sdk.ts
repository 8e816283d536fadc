/**
 * The one door to `@google/genai` for the rest of the project.
 *
 * The package is `"type": "module"` and its `exports` list `types` (an ESM `.d.ts`) before
 * `require`, so TypeScript (`module: node16`, CommonJS output) refuses a plain `import`
 * (TS1479) although Node and jest load its CommonJS build (`dist/node/index.cjs`) through
 * `require` without trouble. So: types from the ESM declarations, values from `require`.
 * Same classes either way; `instanceof ApiError` works because everyone imports it from here.
 * A dynamic `import()` is not an option: jest without ESM mode cannot load it.
 */
import type * as GenAI from '@google/genai' with { 'resolution-mode': 'import' };

const sdk = require('@google/genai') as typeof GenAI;

export const { ApiError, GoogleGenAI } = sdk;
export type ApiError = GenAI.ApiError;
export type GoogleGenAI = GenAI.GoogleGenAI;
export type GenerateContentParameters = GenAI.GenerateContentParameters;
export type GenerateContentResponse = GenAI.GenerateContentResponse;
