import type { Understanding } from '../core/understanding';
import { STOP, type Confirmed, type Request, type Said } from './request';
import { classify } from './stages/classify';
import { confirmationAnswer } from './stages/confirmation';
import { execute } from './stages/execute';
import { FLOW_SAID, nextStep } from './stages/flow';
import { gate1Input } from './stages/gate1-input';
import { guard } from './stages/guard';
import { lateMessage } from './stages/late-message';
import { memoryCommand } from './stages/memory';
import { patchDraft } from './stages/patch';
import { propose } from './stages/propose';
import { recheck } from './stages/recheck';
import { respond } from './stages/respond';
import { quoteSection } from './stages/section';
import { router } from './stages/router';
import { validate } from './stages/validate';
import type { Turn } from './turn';

/**
 * The gated pipeline as routes (docs/specification.md#the-turn). Every message passes Gate 1, the
 * late-message check and the router; the router decides the route once, and each route is the
 * list of its steps below. Each step returns the value the next one needs, or STOP once it gave
 * the turn its reply. Gate 5 (`guard`) is the only maker of the value `execute` takes, so every
 * route that runs a tool passes it.
 *
 *   new request:   classify (Gate 2) → validate (Gate 3, clarify) → propose (Gate 4) → guard → execute → respond
 *   clarification: patch → validate → propose → guard → execute → respond
 *   redo:          validate → propose → guard → execute → respond
 *   section:       the passage of a section offered when no passage answered (picked by number)
 *   confirmation:  answer (Gate 4) → recheck (Gate 3, what can have changed) → guard → execute → respond
 *                  (→ the next step of a multi-step action: validate → propose)
 *
 * A write stops at its proposal; a read goes on to run. A confident new request sent while a
 * proposal or a draft waits replaces it and continues as a new request with its understanding.
 */
export async function routeTurn(t: Turn): Promise<void> {
  const message = await t.step('input_normalization', () => gate1Input(t));
  if (message === STOP) return;
  if ((await t.step('late_message', () => lateMessage(t))) === STOP) return;
  const route = await t.step('router', () => router(t, message));
  if (route === STOP) return;
  switch (route.kind) {
    case 'confirmation': {
      const answer = await t.step('confirmation_gate_answer', () =>
        confirmationAnswer(t, route.pending, route.answer, route.said),
      );
      if (answer === STOP) return;
      if ('kind' in answer) return newRequest(t, answer.said, answer.understanding);
      return confirmed(t, answer);
    }
    case 'clarification': {
      const patched = await t.step('clarify_patch', () =>
        patchDraft(t, route.draft, route.answer, route.said),
      );
      if (patched === STOP) return;
      if ('kind' in patched) return newRequest(t, route.said, patched.understanding);
      return request(t, patched, route.said);
    }
    case 'redo':
      return request(t, route.request, route.said);
    case 'memory':
      await t.step('memory', () => memoryCommand(t, route.step));
      return;
    case 'section':
      await t.step('knowledge_section', () => quoteSection(t, route.section));
      return;
    case 'new':
      return newRequest(t, route.said);
  }
}

async function newRequest(t: Turn, said: Said, understanding?: Understanding): Promise<void> {
  const understood = await t.step('intent_classification', () => classify(t, said, understanding));
  if (understood === STOP) return;
  return request(t, understood, said);
}

/** A request understood: Gate 3, then a write is proposed and a read runs. */
async function request(t: Turn, understood: Request, said: Said): Promise<void> {
  const validated = await t.step('validation_gate', () => validate(t, understood));
  if (validated === STOP) return;
  if ((await t.step('confirmation_gate_propose', () => propose(t, validated, said))) === STOP) return;
  return run(t, validated);
}

/** The person confirmed: what can have changed is checked, and the proposal runs once. */
async function confirmed(t: Turn, proposal: Confirmed): Promise<void> {
  const rechecked = await t.step('validation_recheck', () => recheck(t, proposal));
  if (rechecked === STOP) return;
  return run(t, rechecked);
}

async function run(t: Turn, action: Parameters<typeof guard>[1]): Promise<void> {
  const cleared = await t.step('tool_execution_guard', () => guard(t, action));
  if (cleared === STOP) return;
  const result = await t.step('tool_execution', () => execute(t, cleared));
  if (result === STOP) return;
  await t.step('response_generation', () => respond(t, cleared, result));
  // A multi-step action goes on: its next step is proposed now, confirmed on its own.
  const next = nextStep(t, cleared, result);
  if (next) return request(t, next, FLOW_SAID);
}
