import type { FastifyInstance } from 'fastify';

/**
 * What a use case may be handed, named by the FastifyInstance decorations set in app.ts. A use case
 * takes `(ctx, opts)` where `ctx` is a Pick of this naming exactly what it touches, e.g.
 * `ctx: Pick<AppContext, 'db' | 'clock'>`: the type says which seams it uses, tests pass plain
 * objects, and no use case can reach the whole app as a service locator (docs/decisions/0014).
 */
export type AppContext = Pick<
  FastifyInstance,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'
>;
