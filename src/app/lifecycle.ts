import type { Container } from './container';

/**
 * Graceful shutdown: on SIGTERM or SIGINT, stop taking new work, let in-flight jobs finish
 * (BullMQ's close waits for them) within the grace period, then exit. Jobs still running at the
 * deadline are left to BullMQ's stalled-job recovery: another process picks them up.
 */
export function handleSignals(c: Container): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    c.logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      c.logger.warn('grace period over; exiting with work handed back to the queue');
      process.exit(1);
    }, c.config.SHUTDOWN_GRACE_MS);
    deadline.unref();
    c.close().then(
      () => process.exit(0),
      (error: unknown) => {
        c.logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
