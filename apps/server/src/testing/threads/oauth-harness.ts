import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { profiles } from '../../db/schema';
import { createTestApp } from '..';
import { startThreadsStandIn } from '../threads-stand-in';
import { recordingClient } from './kit';

export const CLIENT_ID = 'fanline-test-app';
export const REDIRECT_URI = 'http://localhost:3000/auth/threads/callback';

/** The app configured for real OAuth against a local Threads stand-in, and the popup's steps. */
export async function startOAuthHarness() {
  // Random per run, so finding it in a response can only mean it leaked.
  const clientSecret = `threads-secret-${randomBytes(12).toString('hex')}`;
  const standIn = await startThreadsStandIn({ clientId: CLIENT_ID, clientSecret, redirectUri: REDIRECT_URI });
  const env = {
    THREADS_CLIENT_ID: CLIENT_ID,
    THREADS_CLIENT_SECRET: clientSecret,
    THREADS_AUTH_URL: `${standIn.url}/oauth/authorize`,
    THREADS_API_URL: standIn.url,
    AUTH_IP_LIMIT: '1000',
  };
  const t = await createTestApp({ env });
  const client = recordingClient(t.app);

  const start = (cookie: string, username: string) =>
    client.call('POST', '/verification/threads/start', cookie, { username });
  const complete = (cookie: string, code: string, state: string) =>
    client.call('POST', '/verification/threads/complete', cookie, { code, state });

  return {
    t,
    standIn,
    client,
    clientSecret,
    env,
    start,
    complete,
    /** Start, approve at the provider, complete: the whole popup round trip. */
    async verifyAs(cookie: string, typed: string) {
      const started = await start(cookie, typed);
      expect(started.statusCode, started.body).toBe(200);
      const { code, state } = await authorize(started.json().authorizeUrl);
      return complete(cookie, code, state);
    },
    async profileRow(id: string) {
      const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
      return row;
    },
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}
export type OAuthHarness = Awaited<ReturnType<typeof startOAuthHarness>>;

/** What the popup does: open the authorize URL, follow the provider's redirect back, read code and state. */
export async function authorize(authorizeUrl: string) {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

/** A URL nothing listens on: a port the OS just handed out and took back. */
export async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
