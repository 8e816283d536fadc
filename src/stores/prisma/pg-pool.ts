import { Pool, type PoolClient } from 'pg';

/**
 * How long Iris waits on PostgreSQL before it gives up on a connection or a statement. Without
 * bounds a connection that stops answering (a network path that drops packets instead of
 * resetting, a load balancer that forgot the flow) holds its turn — and the conversation's
 * lock, renewed while the turn runs — for as long as the process lives. With them the turn
 * fails as transient, is retried on a fresh connection, and the person is told the answer is
 * coming (the same path as a PostgreSQL outage).
 */
export interface DatabaseBounds {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** Server side: PostgreSQL cancels a statement that runs longer (lock waits included). */
  statementMs: number;
  /**
   * Client side: a statement whose answer has not arrived by then fails, and its connection is
   * closed (what was sent on it can no longer be matched with what comes back). A little above
   * `statementMs`, so a server that answers cancels first and keeps the connection.
   */
  readMs: number;
  /** Server side: a transaction left idle this long is ended (its row locks freed). */
  idleInTransactionMs: number;
}

/**
 * The bounds for a statement time-out (`DATABASE_STATEMENT_TIMEOUT_MS`, 15 s by default: a chat
 * turn's statements take milliseconds). A transaction may stay idle while a provider's HTTP call
 * runs inside it (10 s at most, `providers/asaas`), hence the idle bound's floor of 30 s.
 */
export function databaseBounds(statementMs: number): DatabaseBounds {
  return {
    connectMs: Math.min(10_000, statementMs),
    statementMs,
    readMs: statementMs + Math.min(5_000, statementMs),
    idleInTransactionMs: Math.max(30_000, 2 * statementMs),
  };
}

const DATABASE_BOUNDS = databaseBounds(15_000);

/** What pg says when `query_timeout` fires. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * A pg pool with the bounds above, TCP keepalive on (a dead peer of an idle connection is
 * noticed by the kernel), and an error listener: an idle connection that breaks (a restart of
 * PostgreSQL) is dropped from the pool and logged, not thrown as an unhandled `error` event.
 */
export function createPgPool(
  connectionString: string,
  options: { max: number; bounds?: DatabaseBounds; onIdleError?: (error: Error) => void },
): Pool {
  const bounds = options.bounds ?? DATABASE_BOUNDS;
  const pool = new Pool({
    connectionString,
    max: options.max,
    connectionTimeoutMillis: bounds.connectMs,
    statement_timeout: bounds.statementMs,
    query_timeout: bounds.readMs,
    idle_in_transaction_session_timeout: bounds.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on('connect', closeOnReadTimeout);
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

/**
 * pg's read time-out fails the statement but keeps the connection busy with it, and a
 * transaction's connection goes back to the pool without an error: the next turn to take it
 * would queue behind the silent statement. Ending the client destroys its socket (pg does so
 * when a statement is still active), and an ended client is never handed out again.
 */
function closeOnReadTimeout(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const onError = (error: unknown): void => {
    if (error instanceof Error && error.message === READ_TIMEOUT_MESSAGE)
      void client.end().catch(() => undefined);
  };
  const bounded = (...args: unknown[]): unknown => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        if (error) onError(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(onError);
    return result;
  };
  client.query = bounded as typeof client.query;
}
