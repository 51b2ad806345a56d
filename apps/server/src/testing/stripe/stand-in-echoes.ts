import type Stripe from 'stripe';
import type { ConnectState } from './stand-in-connect-state';
import { previousAttributes, stripeEvent } from './stand-in-events';
import type { StandInCall, StandInHooks } from './stand-in-server';

type Obj = Record<string, unknown>;

/**
 * The events real Stripe sends after our own API calls (issue 37 gap 8): each names the call's request
 * id and idempotency key. They pile up in `echoes` for a test to deliver, twice, late or out of order,
 * as Stripe may: capture → payment_intent.succeeded and charge.captured; cancel →
 * payment_intent.canceled; refund → refund.created and charge.refunded; transfer → transfer.created;
 * reversal → transfer.reversed; payout (on a connected account) → payout.created; an account update
 * that changed something → account.updated with previous_attributes.
 */
export function echoObserver(
  stores: { charges: Map<string, Obj>; connect: ConnectState },
  nowS: () => number,
  echoes: Stripe.Event[],
): NonNullable<StandInHooks['observe']> {
  return (call: StandInCall) => {
    if (call.method !== 'POST') return undefined;
    const key = call.headers['idempotency-key'];
    const request = { id: call.requestId, idempotency_key: typeof key === 'string' ? key : null };
    const account = call.headers['stripe-account'];
    const echo = (type: string, object: Obj | undefined, opts: { account?: string; previous?: Obj } = {}) => {
      if (object) echoes.push(stripeEvent(type, object, nowS(), { ...opts, request }));
    };
    const chargeOf = (answer: Obj) => stores.charges.get(String(answer.latest_charge ?? answer.charge));
    const path = call.path;
    if (/^\/v1\/payment_intents\/[\w-]+\/capture$/.test(path)) {
      return (answer) => {
        echo('payment_intent.succeeded', answer as Obj);
        echo('charge.captured', chargeOf(answer as Obj));
      };
    }
    if (/^\/v1\/payment_intents\/[\w-]+\/cancel$/.test(path)) {
      return (answer) => echo('payment_intent.canceled', answer as Obj);
    }
    if (path === '/v1/refunds') {
      return (answer) => {
        echo('refund.created', answer as Obj);
        echo('charge.refunded', chargeOf(answer as Obj));
      };
    }
    if (path === '/v1/transfers') return (answer) => echo('transfer.created', answer as Obj);
    const reversal = path.match(/^\/v1\/transfers\/([\w-]+)\/reversals$/);
    if (reversal) return () => echo('transfer.reversed', stores.connect.transfers.get(reversal[1] ?? ''));
    if (path === '/v1/payouts' && typeof account === 'string') {
      return (answer) => echo('payout.created', answer as Obj, { account });
    }
    const updated = path.match(/^\/v1\/accounts\/([\w-]+)$/);
    if (updated) {
      const id = updated[1] ?? '';
      const before = structuredClone(stores.connect.accounts.get(id) ?? {});
      return (answer) => {
        const previous = previousAttributes(before, answer as Obj);
        if (previous) echo('account.updated', answer as Obj, { account: id, previous });
      };
    }
    return undefined;
  };
}
