import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;

export interface EventOptions {
  /** A connected account's event: it names the account (and goes to the Connect endpoint). */
  account?: string;
  /** A *.updated event's `data.previous_attributes`: the changed fields' values before the change. */
  previous?: Obj;
  /** The API call that caused it (an echo of our own call): its request id and idempotency key. */
  request?: { id: string; idempotency_key: string | null };
}

/** An event as Stripe sends it (fixture `event`): the object is a snapshot taken now. */
export function stripeEvent(type: string, object: Obj, created: number, opts: EventOptions = {}): Stripe.Event {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    ...(opts.account && { account: opts.account }),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object: structuredClone(object), ...(opts.previous && { previous_attributes: opts.previous }) },
    livemode: false,
    pending_webhooks: 1,
    request: opts.request ?? { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

/**
 * What changed from `before` to `after`, as Stripe's previous_attributes says it: each changed field
 * with its value before, nested objects down to the fields that changed; undefined when nothing did.
 */
export function previousAttributes(before: Obj, after: Obj): Obj | undefined {
  const previous: Obj = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, is] = [before[key], after[key]];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    const nested = isObject(was) && isObject(is) ? previousAttributes(was, is) : undefined;
    previous[key] = nested ?? was ?? null;
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
