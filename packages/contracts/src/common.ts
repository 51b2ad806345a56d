import { z } from 'zod';
import { TEXT_MESSAGES } from './text-messages';

/** A timestamp: a Date on the server, an ISO-8601 string on the wire. */
export const ZTimestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (iso) => new Date(iso),
  encode: (date) => date.toISOString(),
});

export const ZUuid = z.uuid();

/**
 * False for text holding a NUL or an unpaired UTF-16 surrogate. No keyboard types them, PostgreSQL's
 * text and jsonb cannot store them (the query fails), and the web would render them as garbage.
 */
export function isSafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** The one check every request text field carries (security review M5): a 400 naming the field, never a 500. */
export const safeText = z.refine<string>(isSafeText, TEXT_MESSAGES.invalidCharacters);

/** Every string a request carries, in a body, a query or a path, starts from this. */
export const ZText = z.string().check(safeText);

export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
