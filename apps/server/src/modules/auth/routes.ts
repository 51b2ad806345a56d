import {
  AUTH_MESSAGES,
  ZChangePasswordRequest,
  ZEmailRequest,
  ZResetPasswordRequest,
  ZResetTokenCheck,
  ZResetTokenStatus,
  ZSessionResponse,
  ZSignInRequest,
  ZSignOutQuery,
  ZSignUpRequest,
  ZSignUpResponse,
  ZTokenRequest,
  ZUsernameAvailabilityQuery,
  ZUsernameAvailabilityResponse,
} from '@fanline/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUsernameAvailable, loadSessionUser } from '../profiles';
import { changePassword } from './change-password';
import { confirmEmail } from './confirm-email';
import { knownDevice, setDeviceCookie } from './device-cookie';
import { limitSignUp } from './limit-sign-up';
import { requestPasswordReset } from './request-password-reset';
import { resendConfirmation } from './resend-confirmation';
import { checkResetToken, resetPassword } from './reset-password';
import { clearSessionCookie, setSessionCookie } from './session-hook';
import { announceSessionsEnded, createSession, revokeSession } from './sessions';
import { checkCredentials } from './sign-in';
import { SIGN_OUT_CLEAR_SITE_DATA, signOut } from './sign-out';
import { signUp } from './sign-up';

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
      await limitSignUp(app, { ip: request.ip, email: request.body.email });
      const outcome = await signUp(app, request.body);
      // Security review N6: a taken email, where confirmation is required, answers like a new one.
      if ('lookalike' in outcome)
        return reply.status(201).send({ user: outcome.lookalike, requiresEmailConfirmation: true });
      const id = outcome.userId;
      const requiresEmailConfirmation = app.config.mail.requireConfirmation;
      if (!requiresEmailConfirmation) await startSession(app, request, reply, id);
      return reply.status(201).send({ user: await mustLoad(app, id), requiresEmailConfirmation });
    },
  );

  app.post(
    '/auth/sign-in',
    { schema: { tags: ['auth'], body: ZSignInRequest, response: { 200: ZSessionResponse.required() } } },
    async (request, reply) => {
      const id = await checkCredentials(app, {
        ...request.body,
        ip: request.ip,
        deviceOf: (userId) => knownDevice(app, request, userId),
      });
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
      if (request.auth) await signOut(app, { session: request.auth, scope: request.query.scope });
      clearSessionCookie(app, reply);
      // ASVS V14.3.1 (issue 42): the browser drops what it kept of the signed-in user. Not "cookies":
      // the session cookie is already expired above, and the device cookie must survive sign-out so
      // its owner keeps their own sign-in budget while strangers fail against the account (N1).
      reply.header('clear-site-data', SIGN_OUT_CLEAR_SITE_DATA);
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
      const id = await confirmEmail(app, { token: request.body.token });
      await startSession(app, request, reply, id);
      return { user: await mustLoad(app, id) };
    },
  );

  app.post(
    '/auth/resend-confirmation',
    { schema: { tags: ['auth'], body: ZEmailRequest, response: { 202: ZAccepted } } },
    async (request, reply) => {
      await resendConfirmation(app, { email: request.body.email, ip: request.ip });
      return reply.status(202).send({});
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: ZEmailRequest, response: { 202: ZAccepted } } },
    async (request, reply) => {
      await requestPasswordReset(app, { email: request.body.email, ip: request.ip });
      return reply.status(202).send({});
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: ZResetPasswordRequest } },
    async (request, reply) => {
      await resetPassword(app, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/reset-password/check',
    { schema: { tags: ['auth'], body: ZResetTokenCheck, response: { 200: ZResetTokenStatus } } },
    async (request) => checkResetToken(app, request.body),
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
    await announceSessionsEnded(app, { userId: request.auth.userId });
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
  setDeviceCookie(app, reply, id);
}

async function mustLoad(app: FastifyInstance, id: string) {
  const user = await loadSessionUser(app.db, id);
  if (!user) throw new AppError('INTERNAL', AUTH_MESSAGES.unexpected);
  return user;
}
