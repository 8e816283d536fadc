import type { Request, Said } from '../request';
import type { Turn } from '../turn';
import type { Cleared } from './guard';

/** A later step is proposed by Iris, not said by the person: nothing heard to repeat. */
export const FLOW_SAID: Said = { kind: 'text', text: '', typed: '', fromAudio: false };

/**
 * The next step of a multi-step action (seed 003 §2.3), once a confirmed step ran: the pack says
 * what it is from the step's result, and it goes through Gate 3 and its own proposal like any
 * request ("Etapa 2 de 3: …"), carrying the steps done so far. Undefined when the action is
 * complete, when this was a read, or when the pack has nothing more to do.
 */
export function nextStep(t: Turn, ran: Cleared, result: Record<string, unknown>): Request | undefined {
  const flow = ran.flow;
  if (!flow || !ran.nonce || flow.step >= flow.total) return undefined;
  const step = t.pack.flow?.next(ran.tool.name, ran.params, result);
  if (!step) return undefined;
  t.record('flow_step_done', { flow: flow.id, step: flow.step, of: flow.total, tool: ran.tool.name });
  // The step's turn is over; the next one is a request of its own.
  t.sm.to('RESPONDING', 'step_done');
  t.sm.to('IDLE', 'responded');
  t.sm.to('PROCESSING_INTENT', 'next_step');
  return {
    intent: step.intent,
    entities: step.entities,
    conflicts: [],
    flow: {
      ...flow,
      step: flow.step + 1,
      done: [...flow.done, { tool: ran.tool.name, nonce: ran.nonce, result }],
    },
  };
}
