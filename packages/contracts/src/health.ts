import { z } from 'zod';
import { ZPaymentProvider } from './payments';

/** Which process answered (issue 27): its instance id (INSTANCE_ID) and the release it runs. */
const ZInstanceFields = {
  instance: z.string(),
  version: z.string(),
};

/** GET /api/health/live: the process is up and answering (no dependency is checked, draining or not). */
export const ZLivenessResponse = z.object({ status: z.literal('ok'), uptimeSeconds: z.number(), ...ZInstanceFields });
export type TLivenessResponse = z.input<typeof ZLivenessResponse>;

/**
 * GET /api/health and /api/health/ready: what the server depends on. 503 while the database is
 * unreachable (take the instance out of rotation); a payment configuration problem is reported
 * in the body with status 'degraded' but answers 200, since every instance shares it. 503 with
 * status 'draining' from the moment the instance is told to stop (a rolling deploy, decision 0033).
 */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.object({ status: z.enum(['up', 'down']), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  payments: z
    .object({
      provider: ZPaymentProvider,
      status: z.enum(['up', 'down']),
      /** Why the payment provider cannot work, in words (never a secret). */
      problem: z.string().nullable(),
    })
    .optional(),
  uptimeSeconds: z.number(),
  ...ZInstanceFields,
});
export type THealthResponse = z.input<typeof ZHealthResponse>;
