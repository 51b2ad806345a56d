import { AppError } from '../../platform/errors';

/**
 * An opaque keyset cursor: the last row's sort value and id. Timestamps travel as Postgres text so
 * their microseconds survive (a JS Date would round them and repeat rows at page edges).
 */
export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { value: string | number; id: string } {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      (typeof value === 'string' || typeof value === 'number') &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/.test(id)
    ) {
      return { value, id };
    }
  } catch {
    // fall through
  }
  throw new AppError('BAD_REQUEST', 'Invalid cursor.');
}
