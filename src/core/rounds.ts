import { abortableSleep } from './abortable-sleep';

/**
 * The loop of a background worker that polls (the deliverer, the reconciler, the notifier): runs
 * `round` until `signal` aborts — again at once when it says more is waiting (`'more'`: a full
 * batch), else after `everyMs`. A round that throws is handed to `onError` and the next one runs
 * on time: a store that is away for a while only makes rounds fail. Resolves once stopped.
 */
export async function repeatRounds(
  signal: AbortSignal,
  everyMs: number,
  round: () => Promise<'more' | 'done'>,
  onError: (error: unknown) => void,
): Promise<void> {
  while (!signal.aborted) {
    let next: 'more' | 'done' = 'done';
    try {
      next = await round();
    } catch (error) {
      onError(error);
    }
    if (next === 'done') await abortableSleep(everyMs, signal);
  }
}
