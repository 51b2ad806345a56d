import {
  LIMITS,
  ZAvatarResponse,
  ZNotificationPreferences,
  ZNotificationPreferencesUpdate,
  ZSessionUser,
  ZUpdateProfileRequest,
} from '@fanline/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { announceCardChange } from '../../platform/card-change';
import { userOrClientKey } from '../../platform/client-key';
import { AppError } from '../../platform/errors';
import { readSingleFileUpload } from '../../platform/upload';
import { getNotificationPreferences, updateNotificationPreferences } from '../notifications';
import { PROFILE_UPLOADS_PER_MINUTE } from './image-file';
import { loadSessionUser } from './load-session-user';
import { markProfileUpdated } from './mark-profile-updated';
import { updateProfile } from './update-profile';
import { uploadAvatar } from './upload-avatar';
import { addPortfolioImage, uploadCover } from './upload-creator-image';

/** Security review F2: one budget per user for the three profile uploads, wherever they connect from. */
const PROFILE_UPLOAD_LIMIT = {
  rateLimit: {
    max: PROFILE_UPLOADS_PER_MINUTE,
    timeWindow: '1 minute',
    groupId: 'profile-uploads',
    keyGenerator: userOrClientKey,
  },
};

/** The signed-in user's own profile (Edit Profile, spec §2). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);
  await app.register(multipart, { limits: { fileSize: LIMITS.imageBytes.max, files: 1, fields: 0 } });

  const me = async (id: string) => {
    const user = await loadSessionUser(app.db, id);
    if (!user) throw new AppError('NOT_FOUND', 'Profile not found');
    return user;
  };

  app.get('/profile/me', { schema: { tags: ['profile'], response: { 200: ZSessionUser } } }, async (request) =>
    me(userId(request)),
  );

  app.patch(
    '/profile/me',
    { schema: { tags: ['profile'], body: ZUpdateProfileRequest, response: { 200: ZSessionUser } } },
    async (request) => {
      await updateProfile(app, { userId: userId(request), changes: request.body });
      return me(userId(request));
    },
  );

  app.post(
    '/profile/me/avatar',
    {
      config: PROFILE_UPLOAD_LIMIT,
      schema: {
        tags: ['profile'],
        summary: 'Upload an avatar (multipart field "file")',
        response: { 200: ZAvatarResponse },
      },
    },
    async (request) => ({
      avatarUrl: await uploadAvatar(app, { userId: userId(request), bytes: await readSingleFileUpload(request) }),
    }),
  );

  app.post(
    '/profile/me/cover',
    {
      config: PROFILE_UPLOAD_LIMIT,
      schema: {
        tags: ['profile'],
        summary: 'Creators: upload a cover image (multipart field "file")',
        response: { 200: z.object({ coverUrl: z.string() }) },
      },
    },
    async (request) => ({
      coverUrl: await uploadCover(app, { userId: userId(request), bytes: await readSingleFileUpload(request) }),
    }),
  );

  app.post(
    '/profile/me/portfolio',
    {
      config: PROFILE_UPLOAD_LIMIT,
      schema: {
        tags: ['profile'],
        summary: 'Creators: add a portfolio image (multipart field "file"); reorder or delete with PATCH /profile/me',
        response: { 200: z.object({ portfolioImages: z.array(z.string()) }) },
      },
    },
    async (request) => ({
      portfolioImages: await addPortfolioImage(app, {
        userId: userId(request),
        bytes: await readSingleFileUpload(request),
      }),
    }),
  );

  app.get(
    '/profile/me/notification-preferences',
    { schema: { tags: ['profile'], response: { 200: ZNotificationPreferences } } },
    async (request) => getNotificationPreferences(app, { userId: userId(request) }),
  );

  app.put(
    '/profile/me/notification-preferences',
    {
      schema: {
        tags: ['profile'],
        body: ZNotificationPreferencesUpdate,
        response: { 200: ZNotificationPreferences },
      },
    },
    async (request) => {
      // The preferences are notifications' table now (decision 0072); the profile's updated_at still
      // moves with a save ("Recently Active", spec §7 browse), in the same transaction and first: the
      // lock order of closing a profile (no deadlock), and two saves at once queue on the profile row.
      const { saved, isCreator } = await app.db.transaction(async (tx) => {
        const { isCreator } = await markProfileUpdated(tx, { userId: userId(request), now: app.clock.now() });
        const saved = await updateNotificationPreferences(
          { db: tx, clock: app.clock },
          { userId: userId(request), update: request.body },
        );
        return { saved, isCreator };
      });
      if (isCreator) await announceCardChange(app);
      return saved;
    },
  );
};
