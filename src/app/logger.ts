import pino, { type Logger } from 'pino';

/** JSON logs; every line of a turn carries its correlationId (child loggers add it). */
export function createLogger(level: string, name = 'iris'): Logger {
  return pino({
    name,
    level,
    base: { pid: process.pid, role: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
