import { EngineThreadStopped } from './pglite/engine-thread';

/*
 * Failures that say "the database cannot be reached right now", as opposed
 * to "this query is wrong": the connection was refused, reset or timed out,
 * the server is shutting down or not accepting connections, the pool could
 * not hand out a connection in time. The HTTP layer answers them with a
 * prompt 503 instead of a 500, and the request can be retried.
 */

/** Socket errors of Node's net stack. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs: class 08 (connection exception), shutdowns, too many connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages node-postgres uses for its own connection failures (it sets no code on them). */
const PG_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout$/,
  /Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool$/,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    // The embedded engine's thread stopped: as unreachable as a server that went away.
    if (e instanceof EngineThreadStopped) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))
    ) {
      return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.some((m) => m.test(message))) return true;
    // TypeORM wraps the driver's error; some drivers chain a cause.
    e = (e as { driverError?: unknown; cause?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
