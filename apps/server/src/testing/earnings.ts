import { LIMITS } from '@fanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../platform/clock';
import { sendPaidMessage } from './messaging';

export const REPLY = 'Thanks for writing! Here is my honest answer to your question.';

/** A fan pays a message and the creator answers it: one captured payment, one earning. */
export async function earnOnce(app: FastifyInstance, fanCookie: string, creatorId: string, creatorCookie: string) {
  const sent = await sendPaidMessage(app, fanCookie, creatorId);
  const reply = await app.inject({
    method: 'POST',
    url: `/api/messages/${sent.messageId}/reply`,
    headers: { cookie: creatorCookie },
    payload: { content: REPLY },
  });
  if (reply.statusCode !== 200) throw new Error(`reply failed ${reply.statusCode}: ${reply.body}`);
  return sent;
}

/** The creator finishes the built-in provider's simulated payout onboarding. */
export async function connectLocalPayoutAccount(app: FastifyInstance, creatorCookie: string) {
  const link = await app.inject({
    method: 'POST',
    url: '/api/stripe-connect/onboarding-link',
    headers: { cookie: creatorCookie },
  });
  if (link.statusCode !== 200) throw new Error(`onboarding link failed ${link.statusCode}: ${link.body}`);
  const done = await app.inject({
    method: 'POST',
    url: '/api/stripe-connect/simulated/complete',
    headers: { cookie: creatorCookie },
  });
  if (done.statusCode !== 200) throw new Error(`simulated onboarding failed ${done.statusCode}: ${done.body}`);
}

/**
 * Moves the test clock past the 48-hour "not an answer" window and releases the earnings it held
 * (decision 0016), as the jobs pass would: tests that pay out right after a reply start with this.
 */
export async function passFlagWindow(app: FastifyInstance, clock: ManualClock) {
  clock.advance(LIMITS.notAnAnswerWindowHours * 3_600_000 + 60_000);
  // Imported late: loading the ledger module first would change the order modules initialise in.
  const { releaseDueEarnings } = await import('../modules/ledger');
  await releaseDueEarnings(app);
}
