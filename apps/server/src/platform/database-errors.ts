/**
 * The class of a database failure for the `fanline_database_errors_total` counter (issue 40), or null
 * when the error is not the database's. PostgreSQL's errors carry a five-character SQLSTATE whose first
 * two characters are its class (08 connection, 40 rollback, 53 resources, 57 operator intervention,
 * 23 integrity...); a connection that could not be made or was cut reaches us as a Node socket error or
 * as node-postgres's own messages, counted as `connection`. PGlite's errors carry a SQLSTATE too.
 */
export function databaseErrorClass(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // Drizzle wraps the driver's error ("Failed query: ...") with the original as `cause`.
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in current) return code.slice(0, 2);
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return 'connection';
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message)))
      return 'connection';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
];
