import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createUser, signIn } from '..';

/** Every response a test file saw, so it can prove the client secret never left the server. */
export function recordingClient(app: FastifyInstance) {
  const seen: LightMyRequestResponse[] = [];
  const call = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api${url}`, headers: cookie ? { cookie } : {}, payload });
    seen.push(response);
    return response;
  };
  return { call, seen };
}

/** A signed-in fan (not yet a creator), as sign-up leaves a creator-to-be. */
export async function signedInUser(
  app: FastifyInstance,
  db: Parameters<typeof createUser>[0],
  displayName?: string | null,
) {
  const profile = await createUser(db, {
    intendedAccountType: 'creator',
    ...(displayName === undefined ? {} : { displayName }),
  });
  return { profile, cookie: await signIn(app, profile.email ?? '') };
}

export function expectRefusal(response: LightMyRequestResponse, message: string, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error).toMatchObject({ code: 'VERIFICATION_FAILED', message });
}

export function everyResponseText(responses: LightMyRequestResponse[]): string {
  return responses.map((r) => `${JSON.stringify(r.headers)}\n${r.body}`).join('\n');
}
