/**
 * Runs `pass` every `everyMs`, never two at once: a pass that outlasts the period (a slow store,
 * a long backlog) makes the next tick skip rather than pile passes up. A failed pass is handed to
 * `onError` and the next tick tries again. The timer does not keep the process alive. Returns
 * the stop function.
 */
export function everyWithoutOverlap(
  everyMs: number,
  pass: () => Promise<void>,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
