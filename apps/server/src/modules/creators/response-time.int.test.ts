import { describe, expect, test } from 'vitest';
import {
  createCreator,
  createUser,
  REPLY,
  sendPaidMessage,
  signIn,
  TEST_PASSWORD,
  unique,
  useTestApp,
} from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const HOUR = 3_600_000;

async function reply(messageId: string, cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/messages/${messageId}/reply`,
    headers: { cookie },
    payload: { content: REPLY },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function card(path: string, id: string) {
  const response = await t.app.inject({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().creators as Array<{ id: string; avgResponseSeconds: number | null }>).find(
    (c) => c.id === id,
  );
}

describe('average response time on creator cards (decision 0026)', () => {
  test('is the mean time from payment to reply over answered messages, in the browse and featured lists', async () => {
    const tag = unique('resp');
    const creator = await createCreator(t.database.db, { displayName: `Creator ${tag}`, isFeatured: true });
    const silent = await createCreator(t.database.db, { displayName: `Creator ${tag} quiet` });
    const creatorCookie = await signIn(t.app, creator.email ?? '', TEST_PASSWORD);
    const fans = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
    const cookies = await Promise.all(fans.map((f) => signIn(t.app, f.email ?? '', TEST_PASSWORD)));

    // Two fans pay at the same moment; one is answered after 2 hours, the other after 4.
    const first = await sendPaidMessage(t.app, cookies[0] as string, creator.id);
    const second = await sendPaidMessage(t.app, cookies[1] as string, creator.id);
    t.clock.advance(2 * HOUR);
    await reply(first.messageId, creatorCookie);
    // A third fan pays now and is never answered: an unanswered message is no response time.
    await sendPaidMessage(t.app, cookies[2] as string, creator.id);
    t.clock.advance(2 * HOUR);
    await reply(second.messageId, creatorCookie);

    const browse = `/api/creators?search=${encodeURIComponent(tag)}`;
    expect((await card(browse, creator.id))?.avgResponseSeconds).toBe(3 * 3600);
    // No answered message yet: nothing to show, not zero.
    expect((await card(browse, silent.id))?.avgResponseSeconds).toBeNull();
    expect((await card('/api/creators/featured', creator.id))?.avgResponseSeconds).toBe(3 * 3600);
  });
});
