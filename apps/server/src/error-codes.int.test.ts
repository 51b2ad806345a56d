import { MESSAGE_MESSAGES } from '@fanline/contracts';
import { expect, test } from 'vitest';
import { fanAndCreator, payLocal, SAMPLE_MESSAGE, sendPaidMessage, useTestApp } from './testing';

// The web maps these codes, never the sentences, to the spec's words: each case has a code of its own.

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const HOUR = 3_600_000;
const checkout = (cookie: string, recipientId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie },
    payload: { recipientId, messageContent: SAMPLE_MESSAGE },
  });

test('a declined card answers CARD_DECLINED', async () => {
  const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
  const paymentId = ((await checkout(fanCookie, creator.id)).json().url as string).split('/').pop() ?? '';
  const declined = await payLocal(t.app, fanCookie, paymentId, '4000 0000 0000 0002');
  expect(declined.statusCode).toBe(400);
  expect(declined.json().error).toMatchObject({ code: 'CARD_DECLINED', message: MESSAGE_MESSAGES.cardDeclined });
});

test('an unavailable creator answers CREATOR_UNAVAILABLE', async () => {
  const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db, { isAvailable: false });
  const refused = await checkout(fanCookie, creator.id);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().error).toMatchObject({ code: 'CREATOR_UNAVAILABLE', message: MESSAGE_MESSAGES.unavailable });
});

test('a reply after the window closed, before the expiry job ran, answers MESSAGE_EXPIRED', async () => {
  const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
  const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
  t.clock.advance(25 * HOUR);
  const late = await t.app.inject({
    method: 'POST',
    url: `/api/messages/${messageId}/reply`,
    headers: { cookie: creatorCookie },
    payload: { content: 'Thanks for writing! Here is my honest advice for you.' },
  });
  expect(late.statusCode).toBe(409);
  expect(late.json().error).toMatchObject({ code: 'MESSAGE_EXPIRED', message: MESSAGE_MESSAGES.expired });
});

test('a used reset link answers LINK_EXPIRED', async () => {
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: 'x'.repeat(32), password: 'another-secret' },
  });
  expect(reset.statusCode).toBe(400);
  expect(reset.json().error.code).toBe('LINK_EXPIRED');
});
