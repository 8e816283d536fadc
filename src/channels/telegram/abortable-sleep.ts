export { abortableSleep } from '../../core/abortable-sleep';

/** `base`, doubled for each earlier failure, at most `max`. */
export function backoff(base: number, max: number, failures: number): number {
  return Math.min(max, base * 2 ** Math.max(0, failures - 1));
}
