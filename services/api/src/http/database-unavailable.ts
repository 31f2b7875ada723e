/**
 * Errors that say the database (or the event store) cannot be reached right now — it is restarting,
 * failing over, refusing connections while it recovers — rather than that the request is wrong or the
 * code is: the answer is a 503 with Retry-After, and the client's retry (with its Idempotency-Key)
 * is safe. Recognised by what the drivers put on the error, looking through `cause` and the errors of
 * an AggregateError (a connect that tried several addresses).
 */

/** Node's socket errors on a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** PostgreSQL SQLSTATEs: shutting down, starting up (crash recovery), out of connection slots; class 08 is added below. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool say when a connection dies under a query, or none could be had in time (no code). */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
];

/** The EventStoreDB client's and adapter's "server not reachable / not answering" errors. */
const STORE_ERROR_NAMES = new Set(['UnavailableError', 'DeadlineExceededError', 'ReadStalled']);

const isUnavailableItself = (error: object): boolean => {
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof name === 'string' && STORE_ERROR_NAMES.has(name)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
};

export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isUnavailableItself(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
};

/** Seconds a client is asked to wait: an embedded PostgreSQL is back in a few, a failover takes about as long. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
