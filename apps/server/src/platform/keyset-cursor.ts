import { AppError } from './errors';

/** What a sort's cursor value must be, so it casts in SQL: a PostgreSQL `integer`, a finite number, or a timestamp. */
export type CursorKind = 'integer' | 'number' | 'timestamp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// How PostgreSQL prints a timestamptz as text (DateStyle ISO): `2026-11-23 15:28:46.123456+00`.
const PG_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;
const INT32 = 2 ** 31;

/**
 * An opaque keyset cursor: the last row's sort value and id. Timestamps travel as Postgres text so
 * their microseconds survive (a JS Date would round them and repeat rows at page edges).
 */
export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/**
 * Reads a cursor back and checks its value against the sort's type: a cursor is the client's
 * input, and a value that does not cast would fail the query (security review M5 c), so it is a 400.
 */
export function decodeCursor(cursor: string, kind: CursorKind): { value: string | number; id: string } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (Array.isArray(decoded) && decoded.length === 2) {
    const [value, id] = decoded as unknown[];
    if (typeof id === 'string' && UUID.test(id) && fitsKind(value, kind))
      return { value: value as string | number, id };
  }
  throw new AppError('BAD_REQUEST', 'Invalid cursor.');
}

function fitsKind(value: unknown, kind: CursorKind): boolean {
  if (kind === 'integer') return Number.isInteger(value) && Math.abs(value as number) < INT32;
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === 'string' && isTimestampText(value);
}

function isTimestampText(value: string): boolean {
  const parts = PG_TIMESTAMP.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day, hour, minute, second));
  // A calendar date and a clock time that exist: Date.UTC rolls 31 February over into March.
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month ?? 0) - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}
