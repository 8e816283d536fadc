import type { Understander } from '../../core/understanding';
import { readPatch } from './patch';
import { understand } from './understander';

/**
 * Offline, rule-based understanding of Mexican Spanish for personal finance (the Cristi agent):
 * no API key, deterministic, well under a millisecond per message.
 */
export const esMxUnderstander: Understander = { understand, readPatch };
