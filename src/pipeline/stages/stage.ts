import type { Turn } from '../turn';

/** Every stage ends with an explicit outcome; `stop` means it produced the turn's reply. */
export type StageOutcome = 'continue' | 'stop';

export interface Stage {
  name: string;
  run(turn: Turn): Promise<StageOutcome>;
}
