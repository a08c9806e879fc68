/** How long a client is told to wait before it asks again while a service cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

// SQLSTATE class 08 (connection exception) and the 57P0x shutdowns of operator intervention.
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
// Node's socket errors when the server is gone, refuses, or cannot be reached.
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// What pg and pg-pool say, without a code, when a connection ends or cannot be had in time.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // 'Connection terminated unexpectedly', '… due to connection timeout'
  /^timeout exceeded when trying to connect$/,
  /not queryable/, // 'Client has encountered a connection error and is not queryable'
];

/**
 * Whether `err` means a service the request needs, the database above all, cannot be reached at
 * the moment (down, restarting, refusing connections, or no connection to be had in time), as
 * opposed to a failed statement. Looks through Drizzle's wrapping (`cause`) and Node's
 * AggregateError of a dual-stack connect.
 */
export function isConnectionFailure(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_SOCKET_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure(e.cause, depth + 1);
}
