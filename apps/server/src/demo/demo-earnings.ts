import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../app';
import { profiles } from '../db/schema';
import { answerConversation, confirmAuthorization, startCheckout } from '../flows';
import { releaseDueEarnings, requestPayout } from '../modules/ledger';
import { completeSimulatedOnboarding, createOnboardingLink, type PaymentProvider } from '../modules/payments';
import { addPortfolioImage } from '../modules/profiles';
import { ManualClock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db';
import { DEMO_ACCOUNTS } from './demo-accounts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const QUESTIONS = [
  'What is the one piece you would buy first for a capsule wardrobe?',
  'How do I keep going when motivation drops after the first month?',
  'Could you give me honest feedback on how I should structure my week?',
  'What would you do differently if you were starting out today?',
  'Which mistake do beginners make most often, in your experience?',
  'How do you plan a month ahead without burning out along the way?',
];
/** Issue 36 §17: each persona answers in their own words (three creators once sent the same line). */
const ANSWERS: Record<string, readonly string[]> = {
  mayastyle: [
    'A well-cut navy blazer: it dresses up jeans and down a suit, and everything else builds around it.',
    'Pick three outfits you already love and rotate them for a week before you buy anything new.',
  ],
  coachdre: [
    'Shrink the goal until it feels too easy: ten minutes a day beats an hour you skip.',
    'Plan the week on Sunday, three priorities only, and review on Friday what moved.',
  ],
  lenabeats: [
    'Finish one rough loop a day, even a bad one: finishing is the skill that grows fastest.',
    'Reference a track you love at the same loudness before you judge your own mix.',
  ],
};
const FALLBACK_ANSWER = 'Thanks for asking. Here is what I would try first, and tell me how it goes.';
const PALETTE = [
  [236, 72, 153],
  [99, 102, 241],
  [20, 184, 166],
  [245, 158, 11],
] as const;

/**
 * Money and pictures for the demo (issue #10), made through the real use cases so the ledger
 * balances: portfolios for the featured creators; for the first three creators a connected
 * (simulated) payout account, a month of answered paid messages from the demo fan, a completed payout
 * and one the provider had not confirmed when it was requested. Only with the built-in provider: demo
 * data never touches a real Stripe.
 *
 * That second payout is pending only until the first jobs pass after start: the outbox (decision
 * 0022) asks the provider again and it completes, as a real one does once the provider answers. A payout
 * that stayed pending for good would need a provider that never answers (an outage, with its system
 * alert every pass), a state the product only passes through; so the demo shows both Completed and
 * the seed exercises the request → retry → completed path instead.
 */
export async function seedDemoEarnings({ config, database }: { config: Config; database: Database }) {
  const clock = new ManualClock(new Date(Date.now() - 28 * DAY));
  const app = await buildApp({ config, database, clock, logger: { level: 'warn' } });
  if (app.payments.name !== 'local') {
    await app.close();
    return;
  }
  // One log line for the dozens of mails this sends the demo accounts, not one each (Mailer.summarize).
  const endMailSummary = app.mailer.summarize('Seeding the demo earnings');
  try {
    const db = database.db;
    const featured = await db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.isFeatured, true));
    for (const [i, creator] of featured.entries()) {
      const count = ['mayastyle', 'coachdre', 'lenabeats'].includes(creator.username) ? 3 : 2;
      for (let n = 0; n < count; n++)
        await addPortfolioImage(app, { userId: creator.id, bytes: await demoPicture(i + n) });
    }

    const [fan] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.username, DEMO_ACCOUNTS.fan.username));
    const earners = await db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.username, ['mayastyle', 'coachdre', 'lenabeats']));
    if (!fan) return;
    for (const creator of earners) {
      await createOnboardingLink(app, { creatorId: creator.id });
      await completeSimulatedOnboarding(app, { creatorId: creator.id });
    }
    const earn = async (creatorId: string, username: string, index: number) => {
      const started = await startCheckout(app, {
        senderId: fan.id,
        recipientId: creatorId,
        content: QUESTIONS[index % QUESTIONS.length] ?? QUESTIONS[0] ?? '',
      });
      await confirmAuthorization(app, {
        paymentId: started.paymentId,
        providerPaymentId: `local_demo_${started.paymentId}`,
        captured: false,
      });
      clock.advance(2 * HOUR);
      if (started.messageId) {
        const answers = ANSWERS[username] ?? [];
        const content = answers[index % Math.max(answers.length, 1)] ?? FALLBACK_ANSWER;
        await answerConversation(app, { creatorId, messageId: started.messageId, content, kind: 'response' });
      }
    };
    // Maya ($25, the printed demo login): 14 answered messages over four weeks, payouts after the 6th
    // (completed) and the 12th (unconfirmed until the first jobs pass), each two days after its reply;
    // of the last two, the one
    // older than 48 hours is available and the newest still held. The other two earn less often.
    // Dre ($50) keeps three payable replies after his payouts: $112.50 available, over the $100
    // minimum, so the e2e payout journey (creator-business.e2e.ts) can pay it out; nothing else asserts
    // his figures.
    const plans: Record<string, { messages: number; payoutsAfter: [number, number] }> = {
      mayastyle: { messages: 14, payoutsAfter: [5, 11] },
      coachdre: { messages: 10, payoutsAfter: [2, 5] },
      lenabeats: { messages: 5, payoutsAfter: [1, 3] },
    };
    for (const creator of earners) {
      const plan = plans[creator.username];
      if (!plan) continue;
      for (let i = 0; i < plan.messages; i++) {
        const daysAgo = 27 - Math.round((i * 27) / (plan.messages - 1));
        clock.set(new Date(Date.now() - daysAgo * DAY - 6 * HOUR));
        await earn(creator.id, creator.username, i);
        // Payouts come after the reply's 48-hour "not an answer" window has passed (decision 0016).
        if (plan.payoutsAfter.includes(i)) clock.advance(49 * HOUR);
        if (i === plan.payoutsAfter[0]) await requestPayout(app, { creatorId: creator.id });
        if (i === plan.payoutsAfter[1]) await requestPendingPayout(app, creator.id);
      }
    }
    // Today: earnings older than 48 hours are payable, the most recent stay held (as the jobs pass would).
    clock.set(new Date());
    await releaseDueEarnings(app);
  } finally {
    endMailSummary();
    await app.close();
  }
}

/**
 * A payout whose transfer has not been confirmed yet, as when the provider is briefly unreachable:
 * the request is booked and stays pending until the outbox asks again (the first jobs
 * pass after start), which completes it.
 */
async function requestPendingPayout(app: Awaited<ReturnType<typeof buildApp>>, creatorId: string) {
  const real: PaymentProvider['payouts']['transferEarning'] = app.payments.payouts.transferEarning;
  app.payments.payouts.transferEarning = async () => {
    throw new Error('demo: the transfer is still being processed');
  };
  const level = app.log.level;
  app.log.level = 'silent';
  try {
    await requestPayout(app, { creatorId });
  } finally {
    app.payments.payouts.transferEarning = real;
    app.log.level = level;
  }
}

function demoPicture(seed: number): Promise<Buffer> {
  const [r, g, b] = PALETTE[seed % PALETTE.length] ?? PALETTE[0];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="rgb(${r},${g},${b})"/><stop offset="1" stop-color="rgb(${255 - r},${Math.min(255, g + 60)},${b})"/>
    </linearGradient></defs>
    <rect width="600" height="600" fill="url(#g)"/>
    <circle cx="${150 + ((seed * 97) % 300)}" cy="${180 + ((seed * 53) % 240)}" r="${80 + ((seed * 31) % 90)}" fill="rgba(255,255,255,0.35)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
