import pino, { type Logger } from 'pino';

/**
 * JSON logs; every line of a turn carries its correlationId (child loggers add it). Processes
 * log to stdout; a terminal chat logs to stderr (`to: 'stderr'`) so its replies stay alone on
 * stdout.
 */
export function createLogger(level: string, name = 'iris', to: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino(
    {
      name,
      level,
      base: { pid: process.pid, role: name },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.destination(to === 'stderr' ? 2 : 1),
  );
}
