import {
  AUTH_MESSAGES,
  ZChangePasswordRequest,
  ZEmailRequest,
  ZResetPasswordRequest,
  ZSessionResponse,
  ZSignInRequest,
  ZSignOutQuery,
  ZSignUpRequest,
  ZSignUpResponse,
  ZTokenRequest,
  ZUsernameAvailabilityQuery,
  ZUsernameAvailabilityResponse,
} from '@fanline/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { requireUser, userId } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { countAttempt, EMAIL_CEILING_FACTOR } from '../../platform/rate-limit';
import { updateUserActivity } from '../presence';
import { isUsernameAvailable, loadSessionUser } from '../profiles';
import { consumeToken } from './email-tokens';
import { changePassword, requestPasswordReset, resetPassword } from './passwords';
import { clearSessionCookie, setSessionCookie } from './session-hook';
import { announceSessionsEnded, createSession, revokeSession, revokeUserSessions } from './sessions';
import { checkCredentials, tooMany } from './sign-in';
import { sendConfirmation, signUp } from './sign-up';

const ZAccepted = z.object({});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/session',
    { schema: { tags: ['auth'], summary: 'The signed-in user, or null', response: { 200: ZSessionResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.auth ? await loadSessionUser(app.db, request.auth.userId) : null };
    },
  );

  app.post(
    '/auth/sign-up',
    { schema: { tags: ['auth'], body: ZSignUpRequest, response: { 201: ZSignUpResponse } } },
    async (request, reply) => {
      await limitSignUp(app, request.ip, request.body.email);
      const { userId: id } = await signUp(app, request.body);
      const requiresEmailConfirmation = app.config.mail.requireConfirmation;
      if (!requiresEmailConfirmation) await startSession(app, request, reply, id);
      return reply.status(201).send({ user: await mustLoad(app, id), requiresEmailConfirmation });
    },
  );

  app.post(
    '/auth/sign-in',
    { schema: { tags: ['auth'], body: ZSignInRequest, response: { 200: ZSessionResponse.required() } } },
    async (request, reply) => {
      const id = await checkCredentials(app, { ...request.body, ip: request.ip });
      await startSession(app, request, reply, id);
      return { user: await mustLoad(app, id) };
    },
  );

  app.post(
    '/auth/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends this session, or every session with scope=global',
        querystring: ZSignOutQuery,
      },
    },
    async (request, reply) => {
      if (request.auth) {
        // spec §4 Presence: offline on sign-out.
        await updateUserActivity(app.db, { userId: request.auth.userId, status: 'offline', now: app.clock.now() });
        if (request.query.scope === 'global') await revokeUserSessions(app.db, request.auth.userId);
        else await revokeSession(app.db, request.auth.sessionId);
        await announceSessionsEnded(app, request.auth.userId);
      }
      clearSessionCookie(app, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/username-available',
    {
      schema: {
        tags: ['auth'],
        querystring: ZUsernameAvailabilityQuery,
        response: { 200: ZUsernameAvailabilityResponse },
      },
    },
    async (request) => ({
      available: await isUsernameAvailable(app.db, request.query.username, request.auth?.userId, app.clock.now()),
    }),
  );

  app.post(
    '/auth/confirm-email',
    { schema: { tags: ['auth'], body: ZTokenRequest, response: { 200: ZSessionResponse.required() } } },
    async (request, reply) => {
      const id = await consumeToken({
        db: app.db,
        clock: app.clock,
        token: request.body.token,
        purpose: 'email_confirmation',
      });
      if (!id) throw new AppError('BAD_REQUEST', 'This confirmation link is invalid or has expired.');
      await app.db
        .update(users)
        .set({ emailVerifiedAt: app.clock.now() })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
      await startSession(app, request, reply, id);
      return { user: await mustLoad(app, id) };
    },
  );

  app.post(
    '/auth/resend-confirmation',
    { schema: { tags: ['auth'], body: ZEmailRequest, response: { 202: ZAccepted } } },
    async (request, reply) => {
      await limitSignUp(app, request.ip, request.body.email);
      const [user] = await app.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.email, request.body.email), isNull(users.emailVerifiedAt)));
      if (user) await sendConfirmation(app, user.id, user.email);
      return reply.status(202).send({});
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: ZEmailRequest, response: { 202: ZAccepted } } },
    async (request, reply) => {
      await limitSignUp(app, request.ip, request.body.email);
      await requestPasswordReset(app, request.body.email);
      return reply.status(202).send({});
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: ZResetPasswordRequest } },
    async (request, reply) => {
      await resetPassword(app, request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/change-password',
    { preHandler: requireUser, schema: { tags: ['auth'], body: ZChangePasswordRequest } },
    async (request, reply) => {
      await changePassword(app, {
        userId: userId(request),
        sessionId: request.auth?.sessionId ?? '',
        ...request.body,
      });
      return reply.status(204).send();
    },
  );
};

/** A new session at every sign-in; the one the browser presented (if any) ends, so ids never carry over. */
async function startSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, id: string) {
  if (request.auth) {
    await revokeSession(app.db, request.auth.sessionId);
    await announceSessionsEnded(app, request.auth.userId);
  }
  const { token, sessionId } = await createSession({
    db: app.db,
    clock: app.clock,
    userId: id,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
  request.auth = { sessionId, userId: id };
  setSessionCookie(app, reply, token);
}

/**
 * Sign-up, forgot-password and resend-confirmation share one budget: per address, per (email,
 * address), and per email from everywhere with a much higher ceiling, so strangers cannot use up
 * the owner's own reset requests (security review M6).
 */
async function limitSignUp(app: FastifyInstance, ip: string, email: string): Promise<void> {
  const { db, clock } = app;
  const { perIp, perEmail } = app.config.authLimits;
  const normalized = email.trim().toLowerCase();
  const byIp = await countAttempt({ db, clock, key: `sign-up:ip:${ip}` });
  const byPair = await countAttempt({ db, clock, key: `sign-up:email-ip:${normalized}|${ip}` });
  const byEmail = await countAttempt({ db, clock, key: `sign-up:email:${normalized}` });
  if (byIp > perIp || byPair > perEmail || byEmail > perEmail * EMAIL_CEILING_FACTOR) throw tooMany();
}

async function mustLoad(app: FastifyInstance, id: string) {
  const user = await loadSessionUser(app.db, id);
  if (!user) throw new AppError('INTERNAL', AUTH_MESSAGES.unexpected);
  return user;
}
