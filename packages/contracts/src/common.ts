import { z } from 'zod';

/** A timestamp: a Date on the server, an ISO-8601 string on the wire. */
export const ZTimestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (iso) => new Date(iso),
  encode: (date) => date.toISOString(),
});

export const ZUuid = z.uuid();

export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
