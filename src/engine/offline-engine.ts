import type { IntentEngine } from '../pipeline/ports';
import { understandingContext } from './understanding-context';

/**
 * The engine without a model: the pack's offline understander (rules, no network, no cost),
 * read in the tenant's locale and time zone at the turn's `now`. What the app uses when no
 * Gemini key is configured, and what every model reading falls back to.
 */
export const offlineIntentEngine: IntentEngine = {
  async understand(text, scope, pack) {
    return pack.understander.understand(text, understandingContext(scope));
  },
};
