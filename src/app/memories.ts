import type { UserMemories } from '../pipeline/ports';
import { analyzeInjection, scrubPii } from '../security';
import { MemoryStore } from '../stores/memory-store';

/** Longest memory kept, in characters: a preference, not a document. */
const MAX_LENGTH = 200;

/**
 * People's memories as the pipeline uses them: the store, and the screen every description
 * passes before anything is asked or kept — personal data is refused (never scrubbed into a
 * half-sentence), and so is anything the injection detector reads as an instruction.
 */
export class Memories extends MemoryStore implements UserMemories {
  screen(description: string): 'memory_personal_data' | 'memory_refused' | undefined {
    if (scrubPii(description).removed.length > 0) return 'memory_personal_data';
    const risk = analyzeInjection(description).riskLevel;
    if (description.length > MAX_LENGTH || risk === 'MEDIUM' || risk === 'HIGH') return 'memory_refused';
    return undefined;
  }
}
