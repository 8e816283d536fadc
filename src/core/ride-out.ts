/**
 * Runs `work` until it succeeds, for at most `forMs`, waiting 100 ms, then twice as long each
 * time (at most 2 s): for a write that must not be given up on because what it records already
 * happened (a reply the platform has; a retry of the job would send it again). A Redis
 * failover or restart of a few seconds is ridden out; a longer outage throws the last error.
 */
export async function rideOut<T>(
  work: () => Promise<T>,
  forMs: number,
  onRetry: (error: unknown, retryInMs: number) => void,
): Promise<T> {
  const deadline = Date.now() + forMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      onRetry(error, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
