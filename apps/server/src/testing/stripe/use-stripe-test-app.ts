import { afterAll, beforeAll } from 'vitest';
import { useTestApp } from '..';
import { STRIPE_SECRET_KEY, stripeEnv } from './kit';
import { type StripeStandIn, startStripeStandIn } from './stand-in';

/**
 * A test file's app on the Stripe rails with its stand-in (the set-up the Stripe integration tests
 * share): the stand-in starts first and keeps the app's clock (a hold's capture_before and a dispute's
 * deadline are read against it, decision 0050), the app talks to it through the real SDK, and sign-ins
 * are not rate limited (a file signs in many people from one address). `standIn` reads through to the
 * stand-in started for the file; `db` is the file's database.
 */
export function useStripeTestApp(env: Record<string, string> = {}) {
  let started: StripeStandIn | undefined;
  beforeAll(async () => {
    started = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: () => t.clock.now().getTime() });
  });
  afterAll(async () => {
    await started?.close();
  });
  const t = useTestApp(() => ({ env: { ...stripeEnv(running().url), AUTH_IP_LIMIT: '10000', ...env } }));
  const running = () => {
    if (!started) throw new Error('the Stripe stand-in is not started (use it inside a test or a hook)');
    return started;
  };
  const standIn = new Proxy({} as StripeStandIn, {
    get(_target, key) {
      const stand = running();
      const value: unknown = Reflect.get(stand, key);
      return typeof value === 'function' ? value.bind(stand) : value;
    },
  });
  return { t, standIn, db: () => t.database.db };
}
