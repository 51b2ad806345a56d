import type { FastifyInstance } from 'fastify';
import { confirmAuthorization, startCheckout } from '../flows';
import { capturesAtOnce } from '../modules/payments';
import type { Mailer } from '../platform/mailer';

const silentMailer: Mailer = {
  kind: 'log',
  send: async () => {},
  outbox: () => [],
  summarize: () => () => 0,
  close: async () => {},
};

/**
 * The app as it was at `when`: the use cases read the time from app.clock, so seeding the past goes
 * through exactly the code a real fan and creator run, and a reply written "three hours later" is
 * stamped three hours after its payment (issue 36 §1: replies stamped in the same second as their
 * message made every "Avg response" read "Under a minute"). Mail stays quiet; nobody is waiting for it.
 */
export function asOf(app: FastifyInstance, when: Date | number): FastifyInstance {
  const view = Object.create(app) as FastifyInstance;
  Object.defineProperty(view, 'clock', { value: { now: () => new Date(when) } });
  Object.defineProperty(view, 'mailer', { value: silentMailer });
  return view;
}

/** A paid message from `senderId` at `at`, through the checkout and payment use cases (the local provider). */
export async function payAsOf(
  app: FastifyInstance,
  opts: { at: number; senderId: string; recipientId: string; content: string; windowHours: number },
): Promise<string> {
  const view = asOf(app, opts.at);
  const started = await startCheckout(view, {
    senderId: opts.senderId,
    recipientId: opts.recipientId,
    content: opts.content,
  });
  await confirmAuthorization(view, {
    paymentId: started.paymentId,
    providerPaymentId: `local_demo_${started.paymentId}`,
    captured: capturesAtOnce(opts.windowHours, app.payments),
  });
  if (!started.messageId) throw new Error('checkout without a message');
  return started.messageId;
}
