import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';

const TIMEOUT_MS = 10_000;
const PROFILE_FIELDS = 'id,username,name,threads_profile_picture_url,threads_biography';

const ZToken = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });

/** spec §3 Threads profile, as GET /v1.0/me returns it. */
const ZThreadsProfile = z.object({
  id: z.string(),
  username: z.string().min(1),
  name: z.string().nullish(),
  threads_profile_picture_url: z.string().nullish(),
  threads_biography: z.string().nullish(),
});
export type ThreadsProfile = z.infer<typeof ZThreadsProfile>;

interface Reply {
  status: number;
  ok: boolean;
  text: string;
}

/** One provider call; a network failure or timeout is logged and told to the user in the spec's words. */
async function call(log: FastifyBaseLogger, what: string, url: string, init: RequestInit): Promise<Reply> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (error) {
    log.warn({ err: error, what }, 'Threads provider unreachable');
    throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.verifyFailed);
  }
}

function parse<T>(log: FastifyBaseLogger, what: string, schema: z.ZodType<T>, text: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  log.warn({ what }, 'Threads provider answered in an unexpected shape');
  throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.verifyFailed);
}

// The spec's messages carry the provider's body; cut it so a large error page stays readable.
const excerpt = (text: string) => text.slice(0, 200);

/** spec §7: POST /oauth/access_token, server-side, so the client secret never reaches the browser. */
export async function exchangeCode(options: { config: Config; code: string; log: FastifyBaseLogger }): Promise<string> {
  const { threads } = options.config;
  const form = new URLSearchParams({
    client_id: threads.clientId ?? '',
    client_secret: threads.clientSecret ?? '',
    grant_type: 'authorization_code',
    redirect_uri: threads.redirectUri,
    code: options.code,
  });
  const reply = await call(options.log, 'token', `${threads.apiUrl}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
  });
  if (!reply.ok) {
    throw new AppError(
      'VERIFICATION_FAILED',
      VERIFICATION_MESSAGES.tokenExchangeFailed(reply.status, excerpt(reply.text)),
    );
  }
  return parse(options.log, 'token', ZToken, reply.text).access_token;
}

/** spec §7: GET /v1.0/me with the five profile fields and a bearer token. */
export async function fetchThreadsProfile(options: {
  config: Config;
  accessToken: string;
  log: FastifyBaseLogger;
}): Promise<ThreadsProfile> {
  const url = `${options.config.threads.apiUrl}/v1.0/me?fields=${PROFILE_FIELDS}`;
  const reply = await call(options.log, 'profile', url, {
    headers: { authorization: `Bearer ${options.accessToken}`, accept: 'application/json' },
  });
  if (!reply.ok) {
    throw new AppError(
      'VERIFICATION_FAILED',
      VERIFICATION_MESSAGES.profileFetchFailed(reply.status, excerpt(reply.text)),
    );
  }
  return parse(options.log, 'profile', ZThreadsProfile, reply.text);
}
