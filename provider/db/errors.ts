/** PostgreSQL unique_violation (both pg and PGlite expose SQLSTATE as `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

/*
 * The database is gone, not the request at fault (docs/decisions/0330-database-outage-answers-503.md): the provider
 * answers 503 `database_unavailable` and the client may ask again (a money POST with the same idempotency key).
 */

/**
 * SQLSTATEs of a server that ended or refused the connection: class 08 (connection exception), 57P01-57P03
 * (administrator command, crash, starting up or shutting down), 57P05 (idle_session_timeout), 25P03
 * (idle_in_transaction_session_timeout), 53300 (too many connections).
 */
const GONE_STATES = /^(08...|57P0[1235]|25P03|53300)$/;
/** The socket's own failures: nobody listening, the connection cut, the host unreachable or unknown. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/**
 * What node-postgres, pg-pool and Kysely throw, without a code, for a connection that ended or could not be made
 * (pg/lib/client.js, pg-pool/index.js, kysely's postgres-driver.js).
 */
const GONE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
  "Postgres connection has been discarded",
];

/** Whether `error` (or what it wraps) says the database could not be reached or dropped the connection. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const { code, syscall, message, errors, cause } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string") {
    if (GONE_STATES.test(code) || NETWORK_CODES.has(code)) return true;
    // A Unix socket whose server is stopped: the socket file is gone.
    if (code === "ENOENT" && syscall === "connect") return true;
  }
  if (typeof message === "string" && GONE_MESSAGES.some((m) => message.startsWith(m))) return true;
  // Node's connect to a name with several addresses fails with an AggregateError of each attempt's error.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
