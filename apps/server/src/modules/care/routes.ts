import { ZCapacity, ZCapacitySettings } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profiles } from '../../db/schema';
import { requireUser, userId } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { pauseOf } from './capacity';

/** Issue #13 creator care: capacity settings (limits and vacation) and whether they pause checkout now. */
export const careRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  const read = async (creatorId: string) => {
    const [row] = await app.db
      .select({
        isCreator: profiles.isCreator,
        maxOpenMessages: profiles.maxOpenMessages,
        dailyMessageCap: profiles.dailyMessageCap,
        vacationUntil: profiles.vacationUntil,
      })
      .from(profiles)
      .where(eq(profiles.id, creatorId));
    if (!row?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have capacity settings.');
    const pause = await pauseOf(app.db, creatorId, app.clock.now());
    return {
      maxOpenMessages: row.maxOpenMessages,
      dailyMessageCap: row.dailyMessageCap,
      vacationUntil: row.vacationUntil,
      pause,
    };
  };

  app.get('/creator/capacity', { schema: { tags: ['creator care'], response: { 200: ZCapacity } } }, async (request) =>
    read(userId(request)),
  );

  app.put(
    '/creator/capacity',
    {
      schema: {
        tags: ['creator care'],
        summary: 'Creators: the most open paid messages, a daily cap, and vacation until a date (null: none)',
        body: ZCapacitySettings,
        response: { 200: ZCapacity },
      },
    },
    async (request) => {
      const me = userId(request);
      await read(me);
      const now = app.clock.now();
      const until = request.body.vacationUntil ? new Date(request.body.vacationUntil) : null;
      if (until && until <= now) {
        const message = 'Choose an end date in the future.';
        throw new AppError('VALIDATION_FAILED', message, { vacationUntil: message });
      }
      await app.db
        .update(profiles)
        .set({
          maxOpenMessages: request.body.maxOpenMessages,
          dailyMessageCap: request.body.dailyMessageCap,
          vacationUntil: until,
          updatedAt: now,
        })
        .where(eq(profiles.id, me));
      return read(me);
    },
  );
};
