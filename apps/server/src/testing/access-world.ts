import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications as notificationRows } from '../db/schema';
import type { ManualClock } from '../platform/clock';
import type { Db } from '../platform/db';
import { connectLocalPayoutAccount, passFlagWindow, REPLY } from './earnings';
import { createAdmin, createCreator, createUser, TEST_PASSWORD } from './factories';
import { signIn } from './http';
import { paymentRow, sendPaidMessage } from './messaging';

export const ROLES = ['visitor', 'fan', 'otherFan', 'creator', 'otherCreator', 'admin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];

/** The resources the access matrix calls routes on, and whose data may leak. */
export interface World {
  ids: Record<Exclude<Role, 'visitor'>, string>;
  emails: Record<Exclude<Role, 'visitor'>, string>;
  cookies: Record<Role, string | undefined>;
  /** An account of no role, whose credentials the sign-in cells use. */
  spareEmail: string;
  creatorId: string;
  creatorUsername: string;
  otherFanId: string;
  otherCreatorId: string;
  messageId: string;
  paymentId: string;
  reviewId: string;
  payoutId: string;
  notificationId: string;
  /** Text only the fan and the creator (and admins) may read. */
  messageText: string;
  replyText: string;
  /** Provider-side ids: never in a response to anyone but admins. */
  providerIds: string[];
  settings: unknown;
}

export const MATRIX_MESSAGE = 'Matrix secret question: only the fan and this creator may read it.';

/**
 * fan pays `creator` a message (MATRIX_MESSAGE) which `creator` answers; fan reviews it; `creator`
 * connects a payout account and pays out. Everything through the API except the accounts.
 */
export async function buildAccessWorld(app: FastifyInstance, db: Db): Promise<World> {
  const fan = await createUser(db);
  const otherFan = await createUser(db);
  // A price whose creator share clears the minimum payout, so the creator can pay out once.
  const creator = await createCreator(db, { messagePrice: 20000 });
  const otherCreator = await createCreator(db);
  const admin = await createAdmin(db, 'admin');
  const superAdmin = await createAdmin(db, 'super_admin');
  const accounts = { fan, otherFan, creator, otherCreator, admin, superAdmin };
  const cookies: World['cookies'] = { visitor: undefined } as World['cookies'];
  for (const [role, user] of Object.entries(accounts)) {
    cookies[role as Role] = await signIn(app, user.email ?? '', TEST_PASSWORD);
  }
  const fanCookie = cookies.fan ?? '';
  const creatorCookie = cookies.creator ?? '';

  const sent = await sendAndAnswer(app, fanCookie, creator.id, creatorCookie);
  const payment = await paymentRow(db, sent.paymentId);

  const review = await app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: { cookie: fanCookie },
    payload: {
      creatorId: creator.id,
      conversationId: sent.messageId,
      rating: 5,
      title: 'Kind',
      message: 'Kind and clear.',
    },
  });
  if (review.statusCode !== 201) throw new Error(`review failed ${review.statusCode}: ${review.body}`);

  // The earning is payable once its 48-hour "not an answer" window has passed (decision 0016).
  await passFlagWindow(app, app.clock as ManualClock);
  await connectLocalPayoutAccount(app, creatorCookie);
  const payout = await app.inject({ method: 'POST', url: '/api/creator/payouts', headers: { cookie: creatorCookie } });
  if (payout.statusCode !== 201) throw new Error(`payout failed ${payout.statusCode}: ${payout.body}`);

  const notifications = await app.inject({ url: '/api/notifications', headers: { cookie: creatorCookie } });
  const notificationId = notifications.json().notifications[0]?.id;
  if (!notificationId) throw new Error('the creator has no notification');
  // Reading the conversation reads the notifications about its messages (issue 36 §11), and the matrix
  // reads it as the creator before the mutating calls: this one is detached from the message, so the
  // matrix still sees whether anybody else can mark it read.
  await db
    .update(notificationRows)
    .set({ relatedEntityId: null, relatedEntityType: null })
    .where(eq(notificationRows.id, notificationId));

  const settings = await app.inject({ url: '/api/admin/settings', headers: { cookie: cookies.superAdmin } });

  return {
    ids: Object.fromEntries(Object.entries(accounts).map(([r, u]) => [r, u.id])) as World['ids'],
    emails: Object.fromEntries(Object.entries(accounts).map(([r, u]) => [r, u.email ?? ''])) as World['emails'],
    cookies,
    spareEmail: (await createUser(db)).email ?? '',
    creatorId: creator.id,
    creatorUsername: creator.username ?? '',
    otherFanId: otherFan.id,
    otherCreatorId: otherCreator.id,
    messageId: sent.messageId,
    paymentId: sent.paymentId,
    reviewId: review.json().id,
    payoutId: payout.json().id,
    notificationId,
    messageText: MATRIX_MESSAGE,
    replyText: REPLY,
    providerIds: [payment.paymentIntentId, payment.checkoutSessionId].filter((v): v is string => Boolean(v)),
    settings: settings.json().settings ?? settings.json(),
  };
}

async function sendAndAnswer(app: FastifyInstance, fanCookie: string, creatorId: string, creatorCookie: string) {
  const sent = await sendPaidMessage(app, fanCookie, creatorId, MATRIX_MESSAGE);
  const reply = await app.inject({
    method: 'POST',
    url: `/api/messages/${sent.messageId}/reply`,
    headers: { cookie: creatorCookie },
    payload: { content: REPLY },
  });
  if (reply.statusCode !== 200) throw new Error(`reply failed ${reply.statusCode}: ${reply.body}`);
  return sent;
}

/**
 * Strings a role must never find in a response: other accounts' emails, and unless the role is a
 * party to the conversation (or an admin), its text; provider ids and payout ids of others.
 */
export function forbiddenFor(w: World, role: Role): Array<[label: string, value: string]> {
  if (role === 'admin' || role === 'superAdmin') return [];
  const out: Array<[string, string]> = [];
  for (const [other, email] of Object.entries(w.emails)) {
    if (other !== role) out.push([`${other}'s email`, email]);
  }
  const party = role === 'fan' || role === 'creator';
  if (!party) {
    out.push(['the conversation’s message text', w.messageText]);
    out.push(['the conversation’s reply text', w.replyText]);
  }
  for (const id of w.providerIds) out.push(['a payment provider id', id]);
  if (role !== 'creator') out.push(['the creator’s payout id', w.payoutId]);
  return out;
}
