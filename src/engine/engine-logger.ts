/** The subset of a pino logger the understanding engine uses (a pino `Logger` fits). */
export interface EngineLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
