import {
  LIMITS,
  MESSAGE_MESSAGES,
  SEARCH_MESSAGES,
  ZMessageEligibility,
  ZPublicProfile,
  ZReviewsResponse,
  ZText,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isBlocked } from '../modules/care';
import { findPublicProfile } from '../modules/creators';
import { recordProfileView } from '../modules/profiles';
import { listCreatorReviews } from '../modules/reviews';
import { requireUser, userId } from '../platform/auth-guard';
import { compiledSerializerCompiler } from '../platform/compiled-serializer';
import { AppError } from '../platform/errors';

// spec §5: the username in a profile URL must be non-empty and not the literal placeholder.
const PLACEHOLDERS = new Set([':username', '{username}', 'undefined', 'null']);
const ZUsernameParams = z.object({ username: ZText.trim().max(LIMITS.handleInput.max) });

/** Public creator profiles (spec §2 /{username}), readable by anyone. */
export const publicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (raw: string) => {
    const username = raw.replace(/^@/, '');
    if (!username || PLACEHOLDERS.has(username.toLowerCase()))
      throw new AppError('BAD_REQUEST', SEARCH_MESSAGES.invalidUsername);
    const profile = await findPublicProfile(app.db, username, app.clock.now());
    if (!profile) throw new AppError('NOT_FOUND', `Creator profile "${username}" not found`);
    return profile;
  };

  app.get(
    '/profiles/:username',
    {
      schema: { tags: ['profiles'], params: ZUsernameParams, response: { 200: ZPublicProfile } },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request) => {
      const profile = await load(request.params.username);
      await recordProfileView(app, { profileId: profile.id, viewerId: request.auth?.userId ?? null, ip: request.ip });
      return profile;
    },
  );

  // Issue 36: the profile and the message dialog ask before the visitor writes; a blocked fan is told
  // plainly instead of being offered Send & Pay. Per visitor, so apart from the public profile.
  app.get(
    '/profiles/:username/eligibility',
    {
      preHandler: requireUser,
      schema: { tags: ['profiles'], params: ZUsernameParams, response: { 200: ZMessageEligibility } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const profile = await load(request.params.username);
      const viewerId = userId(request);
      if (profile.id === viewerId)
        return { canMessage: false, reason: 'self' as const, message: 'This is your own profile.' };
      if (await isBlocked(app.db, profile.id, viewerId))
        return { canMessage: false, reason: 'blocked' as const, message: MESSAGE_MESSAGES.blocked };
      return { canMessage: true, reason: null, message: null };
    },
  );

  app.get(
    '/profiles/:username/reviews',
    {
      schema: {
        tags: ['profiles'],
        params: ZUsernameParams,
        querystring: z.object({
          cursor: ZText.max(500).optional(),
          limit: z.coerce.number().int().min(1).max(50).default(5),
        }),
        response: { 200: ZReviewsResponse },
      },
    },
    async (request) => {
      const profile = await load(request.params.username);
      return listCreatorReviews(app.db, { creatorId: profile.id, ...request.query });
    },
  );
};
