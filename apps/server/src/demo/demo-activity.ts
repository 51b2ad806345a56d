import type { TDeclineReason } from '@fanline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, profiles } from '../db/schema';
import { answerConversation, declineConversation, expireMessages } from '../flows';
import { createAccount, createSession, revokeSession, SESSION_COOKIE } from '../modules/auth';
import { readSettings } from '../modules/settings';
import { DEMO_ACCOUNTS, demoEmail } from './demo-accounts';
import { asOf, payAsOf } from './demo-as-of';

const HOUR = 3_600_000;

interface DemoConversation {
  fan: string;
  creator: string;
  message: string;
  reply: string;
  /** When the fan paid, and how long the creator took to answer: real delays, so "Avg response" means something. */
  paidHoursAgo: number;
  replyAfterHours: number;
  review?: { rating: number; title?: string; message?: string; response?: string };
}

/** Paid messages that ended without a reply, so the response rates are not all 100% (issue 36 §1). */
interface DemoUnanswered {
  fan: string;
  creator: string;
  message: string;
  paidHoursAgo: number;
  /** Declined after this many hours with a reason (not counted in the rate); otherwise it expires. */
  declined?: { afterHours: number; reason: TDeclineReason };
}

// The demo fan keeps one answered conversation unreviewed (glowwithgia), so the review prompt has
// something to ask about. mayastyle, samtravels, chefnora, lenabeats and funnyfrank stay untouched:
// the end-to-end journeys assert their figures.
const CONVERSATIONS: DemoConversation[] = [
  {
    fan: DEMO_ACCOUNTS.fan.username,
    creator: 'glowwithgia',
    message: 'Hi Gia! What is a simple morning routine for dry skin in winter?',
    paidHoursAgo: 30,
    replyAfterHours: 4,
    reply: 'Keep it short: gentle cleanser, a hydrating serum on damp skin, then a rich moisturiser and SPF.',
  },
  {
    fan: DEMO_ACCOUNTS.fan.username,
    creator: 'devdaniel',
    message: 'Should I learn TypeScript before React, or both at once?',
    paidHoursAgo: 120,
    replyAfterHours: 9,
    reply: 'Both at once works if you keep the types simple at first. Start with props and state types only.',
    review: {
      rating: 5,
      title: 'Worth every cent',
      message: 'Clear, practical advice with a plan I could start the same evening.',
      response: 'Thanks! Ping me again once your first app is live.',
    },
  },
  {
    fan: 'jordanlee',
    creator: 'devdaniel',
    message: 'How do I prepare for a system design interview in two weeks?',
    paidHoursAgo: 200,
    replyAfterHours: 20,
    reply: 'Pick five classic systems, sketch each twice, and practise saying your trade-offs out loud.',
    review: { rating: 4, title: 'Solid plan', message: 'A focused list. I would have liked a few more links.' },
  },
  {
    fan: 'priyak',
    creator: 'inkbyiris',
    message: 'Is fine line work a good idea for a first tattoo on the wrist?',
    paidHoursAgo: 150,
    replyAfterHours: 3,
    reply: 'It can be, but lines on the wrist spread faster. Go slightly bolder than you think and keep it simple.',
    review: {
      rating: 5,
      title: 'Honest and kind',
      message: 'She talked me out of a design that would not have aged well. Thank you!',
      response: 'Happy to help. Send me a photo once it has healed!',
    },
  },
  {
    fan: 'marcusb',
    creator: 'inkbyiris',
    message: 'How long should I wait between sessions for a large back piece?',
    paidHoursAgo: 260,
    replyAfterHours: 14,
    reply: 'Three to four weeks between sessions is usual, longer if the skin is still flaking.',
    review: { rating: 4 },
  },
  {
    fan: 'jordanlee',
    creator: 'glowwithgia',
    message: 'Which sunscreen texture works under makeup without pilling?',
    paidHoursAgo: 80,
    replyAfterHours: 6,
    reply: 'Gel or fluid textures; let them set for two minutes before foundation and press rather than rub.',
    review: {
      rating: 5,
      title: 'No more pilling',
      response: 'Love to hear it!',
    },
  },
  {
    fan: 'priyak',
    creator: 'profkim',
    message: 'Any tips for memorising formulas before my statistics exam?',
    paidHoursAgo: 96,
    replyAfterHours: 19,
    reply: 'Derive each formula once by hand, then write them from memory every morning for a week.',
    review: {
      rating: 3,
      title: 'Helpful but brief',
      message: 'Good tip, though I hoped for a bit more detail on the harder formulas.',
      response: 'Fair point. Message me with the ones that trip you up and I will go deeper.',
    },
  },
];

const UNANSWERED: DemoUnanswered[] = [
  {
    fan: 'marcusb',
    creator: 'devdaniel',
    message: 'Can you review my startup’s cap table and tell me if the split is fair?',
    paidHoursAgo: 72,
    declined: { afterHours: 5, reason: 'outside_expertise' },
  },
  {
    fan: 'jordanlee',
    creator: 'inkbyiris',
    message: 'Would you draw a quick sketch of my cat for my sister’s birthday?',
    paidHoursAgo: 400,
  },
];

const EXTRA_FANS = [
  { username: 'jordanlee', displayName: 'Jordan Lee' },
  { username: 'priyak', displayName: 'Priya Kapoor' },
  { username: 'marcusb', displayName: 'Marcus Bell' },
];

/**
 * Paid messages, replies, a decline, a missed deadline, reviews, creator responses and presence for a
 * freshly seeded database. Payments, replies, the decline and the expiry run the real use cases at
 * the time they happened (demo-as-of.ts), so the ledger balances and every response rate and
 * average response time is computed from them; reviews and responses go through the HTTP API as a
 * browser sends them, so the ratings are computed, never written. Needs the local payment
 * provider; with Stripe configured it seeds nothing.
 */
export async function seedDemoActivity(app: FastifyInstance, password: string): Promise<void> {
  if (app.payments.name !== 'local') return;
  for (const fan of EXTRA_FANS) {
    await createAccount({ db: app.db, email: demoEmail(fan.username), password, profile: fan });
  }
  const ids = new Map<string, string>();
  const sessions = new Map<string, { cookie: string; sessionId: string }>();
  const as = async (username: string) => {
    const known = sessions.get(username);
    if (known) return known.cookie;
    const id = await userIdOf(app, username);
    ids.set(username, id);
    const { token, sessionId } = await createSession({ db: app.db, clock: app.clock, userId: id });
    const cookie = `${SESSION_COOKIE}=${token}`;
    sessions.set(username, { cookie, sessionId });
    return cookie;
  };
  const call = async (username: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    // As the browser on the app's own page sends it: the Origin check (security review N7) wants one.
    const headers = { cookie: await as(username), 'sec-fetch-site': 'same-origin' };
    const response = await app.inject({ method, url, headers, payload });
    if (response.statusCode >= 300)
      throw new Error(`demo ${method} ${url} failed ${response.statusCode}: ${response.body}`);
    return response.body ? response.json() : undefined;
  };

  const { message_expiration_hours: windowHours } = await readSettings(app.db, ['message_expiration_hours']);
  const now = app.clock.now().getTime();
  // Paid and answered in the past, through the checkout, payment and reply use cases at the time
  // they happened; each reply comes inside the window (a window shorter than the delay shortens it).
  for (const c of CONVERSATIONS) {
    await as(c.creator);
    await as(c.fan);
    const creatorId = ids.get(c.creator) ?? '';
    const paidAt = now - c.paidHoursAgo * HOUR;
    const messageId = await payAsOf(app, {
      at: paidAt,
      senderId: ids.get(c.fan) ?? '',
      recipientId: creatorId,
      content: c.message,
      windowHours,
    });
    const replyAfter = Math.min(c.replyAfterHours, windowHours * 0.8) * HOUR;
    await answerConversation(asOf(app, paidAt + replyAfter), {
      creatorId,
      messageId,
      kind: 'response',
      content: c.reply,
    });
    if (!c.review) continue;
    const conversationId = await conversationOf(app, ids.get(c.fan) ?? '', creatorId);
    const { response, ...fields } = c.review;
    const review = await call(c.fan, 'POST', '/api/reviews', { creatorId, conversationId, ...fields });
    if (response) await call(c.creator, 'PUT', `/api/reviews/${review.id}/response`, { response });
  }

  // A decline (with its reason) and a missed deadline: the money went back, the rate counts the miss.
  for (const u of UNANSWERED) {
    await as(u.creator);
    await as(u.fan);
    const creatorId = ids.get(u.creator) ?? '';
    const paidAt = now - u.paidHoursAgo * HOUR;
    const messageId = await payAsOf(app, {
      at: paidAt,
      senderId: ids.get(u.fan) ?? '',
      recipientId: creatorId,
      content: u.message,
      windowHours,
    });
    if (u.declined) {
      const at = paidAt + Math.min(u.declined.afterHours, windowHours * 0.8) * HOUR;
      await declineConversation(asOf(app, at), { creatorId, messageId, reason: u.declined.reason });
    } else {
      await expireMessages(asOf(app, paidAt + (windowHours + 1) * HOUR));
    }
  }

  // Presence: a few creators were just here (spec §4); "Online" fades after 90 s, "Last active" stays.
  for (const [username, status] of [
    ['devdaniel', 'online'],
    ['inkbyiris', 'online'],
    ['glowwithgia', 'away'],
  ] as const) {
    await call(username, 'POST', '/api/activity', { status });
  }
  for (const { sessionId } of sessions.values()) await revokeSession(app.db, sessionId);
}

async function userIdOf(app: FastifyInstance, username: string): Promise<string> {
  const [row] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, username));
  if (!row) throw new Error(`no demo account ${username}`);
  return row.id;
}

async function conversationOf(app: FastifyInstance, fanId: string, creatorId: string): Promise<string> {
  const [row] = await app.db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.senderId, fanId), eq(messages.recipientId, creatorId)))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (!row) throw new Error('demo message missing');
  return row.conversationId;
}
