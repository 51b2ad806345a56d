import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contactMessages, profiles } from '../db/schema';
import { abandonCheckout, startCheckout } from '../flows';
import { submitContactMessage } from '../modules/support';

/**
 * The admin portal has something in every corner on first start (issue #12 demo data): a message in
 * the support inbox, and the two payment states the other seeds leave out, a failed checkout (the
 * card was declined: the use case a provider's failure event runs) and one still waiting to be
 * paid. With demo-conversations' answered (captured), pending (authorized) and refunded (released)
 * payments, Transactions shows every status. Real use cases only: a failed or unpaid checkout books
 * nothing, so the ledger stays balanced. Uses fans of demo-activity.ts, so the demo fan's figures,
 * which journeys assert, do not move. Only with the local provider, and only once.
 */
export async function seedDemoSupport(app: FastifyInstance): Promise<boolean> {
  if (app.payments.name !== 'local') return false;
  const [kept] = await app.db.select({ n: count() }).from(contactMessages);
  if ((kept?.n ?? 0) > 0) return false;
  await submitContactMessage(app, {
    name: 'Jordan Lee',
    email: 'jordanlee@fanline.test',
    subject: 'Card declined twice',
    message:
      'Hi! I tried to message Dr. Kim and my card was declined, but my bank says nothing was blocked. Was I charged? Thanks, Jordan',
  });

  const people = await app.db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.username, ['jordanlee', 'priyak', 'profkim', 'glowwithgia']));
  const id = (username: string) => people.find((p) => p.username === username)?.id;
  const [jordan, priya, hana, gia] = [id('jordanlee'), id('priyak'), id('profkim'), id('glowwithgia')];
  if (!jordan || !priya || !hana || !gia) return true;

  const declined = await startCheckout(app, {
    senderId: jordan,
    recipientId: hana,
    content: 'Dr. Kim, which popular science book would you give a first-year physics student?',
  });
  await abandonCheckout(app, { paymentId: declined.paymentId, reason: 'failed' });
  // Left open: the reconciler cancels it an hour after it started, as it does any unpaid checkout.
  await startCheckout(app, {
    senderId: priya,
    recipientId: gia,
    content: 'Gia, which sunscreen would you pick for oily skin that does not leave a white cast?',
  });
  return true;
}
