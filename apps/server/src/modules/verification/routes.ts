import {
  LIMITS,
  VERIFICATION_MESSAGES,
  ZSessionUser,
  ZText,
  ZThreadsCompleteRequest,
  ZThreadsConfigResponse,
  ZThreadsSimulateRequest,
  ZThreadsStartRequest,
  ZThreadsStartResponse,
  ZVerificationResponse,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { loadSessionUser } from '../profiles';
import { completeThreadsVerification } from './complete-threads-verification';
import { simulateThreadsVerification } from './simulate-threads-verification';
import { skipVerification } from './skip-verification';
import { startThreadsVerification } from './start-threads-verification';
import { THREADS_SCOPE, threadsMode } from './threads-mode';

// Same shape as the contracts; an empty username is refused by the use case instead, so the
// response carries the spec's 'Please enter a username' as its message.
const ZUsernameBody = z.object({ username: ZText.max(LIMITS.handleInput.max) });
const ZStartBody = ZThreadsStartRequest.extend(ZUsernameBody.shape);
const ZSimulateBody = ZThreadsSimulateRequest.extend(ZUsernameBody.shape);
const tags = ['verification'];

/** Public: what the verification step needs to know. Never the client secret (ARCHITECTURE §4). */
const threadsConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/verification/threads/config', { schema: { tags, response: { 200: ZThreadsConfigResponse } } }, async () => {
    const { threads } = app.config;
    const mode = threadsMode(app.config);
    return {
      mode,
      clientId: mode === 'oauth' ? (threads.clientId ?? null) : null,
      redirectUri: threads.redirectUri,
      authorizeUrl: mode === 'oauth' ? threads.authUrl : null,
      scope: THREADS_SCOPE,
    };
  });
};

/** Creator verification through Threads, or skipping it (spec §2 Signup and verification, §4). */
const signedInRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §5 Threads: verification requires login.
  app.addHook('preHandler', requireUser);

  app.post(
    '/verification/threads/start',
    { schema: { tags, body: ZStartBody, response: { 200: ZThreadsStartResponse } } },
    async (request) => startThreadsVerification(app, { userId: userId(request), username: request.body.username }),
  );

  app.post(
    '/verification/threads/complete',
    { schema: { tags, body: ZThreadsCompleteRequest, response: { 200: ZVerificationResponse } } },
    async (request) => completeThreadsVerification(app, { userId: userId(request), ...request.body, log: request.log }),
  );

  // Only where the labelled simulation is offered (outside production, or the demo's DEMO_MODE):
  // production without that opt-in has no such route at all (decision 0024).
  if (threadsMode(app.config) === 'simulated') {
    app.post(
      '/verification/threads/simulate',
      { schema: { tags, body: ZSimulateBody, response: { 200: ZVerificationResponse } } },
      async (request) => simulateThreadsVerification(app, { userId: userId(request), username: request.body.username }),
    );
  }

  app.post('/verification/skip', { schema: { tags, response: { 200: ZSessionUser } } }, async (request) => {
    await skipVerification(app, { userId: userId(request) });
    const user = await loadSessionUser(app.db, userId(request));
    if (!user) throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.skipFailed);
    return user;
  });
};

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(threadsConfigRoutes);
  await app.register(signedInRoutes);
};
