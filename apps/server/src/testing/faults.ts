import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { compiledEntry } from './compiled-entry';
import { EFFECTS_WITHOUT_CHANGE, unbalancedTransactions } from './messaging';
import { STRIPE_CONNECT_WEBHOOK_SECRET } from './stripe/kit';
import { type StandInFaults, type StripeStandIn, signStripeEvent } from './stripe/stand-in';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// Fault injection on PostgreSQL with the Stripe stand-in behind the real `stripe` SDK. Each run picks
// one money flow (pay, confirm, reply, expiry, decline, refund, payout), prepares what it needs on
// the parent app, starts a child server process (testing/fault-child.ts) and SIGKILLs it at a random
// moment of that flow; the stand-in answers 5xx, hangs (acts but never answers) or is slow, and in
// some runs the child's database is cut for a few seconds mid-flow through a TCP proxy, then
// restored, and the child must become ready again by itself. At the end Stripe's retried webhooks
// are delivered, a fresh instance runs the reconcilers and the money is counted on both sides: our
// ledger and what the stand-in (Stripe) did. Used by fault-injection.int.test.ts (reduced) and
// bench/faults.bench.ts.

export const FLOWS = ['pay', 'confirm', 'reply', 'expiry', 'decline', 'refund', 'payout'] as const;
export type Flow = (typeof FLOWS)[number];
const PROVIDER_MODES = ['none', '5xx', 'timeout', 'slow'] as const;
const PROVIDER_FAULTS: Record<(typeof PROVIDER_MODES)[number], StandInFaults | null> = {
  none: null,
  '5xx': { failRate: 0.5, status: 503 },
  // The call acts at Stripe but its answer never arrives: the caller cannot know whether money moved.
  timeout: { hangRate: 0.4, hangMs: 1500 },
  slow: { delayMs: [200, 800] },
};

export interface FaultPair {
  fanCookie: string;
  creatorCookie: string;
  creatorId: string;
}

/** What the runs share: the parent app (for preparation), the stand-in, the people. */
export interface FaultWorld {
  app: FastifyInstance;
  standIn: StripeStandIn;
  webhookSecret: string;
  /** The stand-in's API keys, handed to the children. */
  secretKey: string;
  databaseUrl: string;
  adminCookie: string;
  pairs: FaultPair[];
  /** Events whose delivery did not get a 2xx: Stripe retries them (delivered at the end). */
  undelivered: Stripe.Event[];
  random: () => number;
}

export interface FaultRun {
  flow: Flow;
  provider: string;
  databaseCut: boolean;
  /** What the child's readiness answered while its database was cut (503 expected). */
  readyWhileCut?: number;
  /** How long the child took to answer ready again after the database came back (ms). */
  recoveredAfterMs?: number;
  /** The whole run, preparation and child start included (ms). */
  ms: number;
  /** Where the time went: preparation, child start, the flow until the kill, after the kill (ms). */
  phases: number[];
  killedAfterMs: number;
  done: number;
}

const REPO_ROOT = path.join(import.meta.dirname, '../../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MESSAGE = 'Fault run message: a question long enough to be valid.';
const REPLY = 'Thanks for writing! Here is my honest answer to your question.';

async function startChild(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, ['--enable-source-maps', await compiledEntry('testing/fault-child.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffer = '';
  let errors = '';
  const stderr = () => errors;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('fault child did not start within 60 s')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const listening = /^listening (\S+)/m.exec(buffer);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: listening[1], stderr });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fault child exited early (${code})`));
    });
  });
}

/** An HTTP client for one server: the parent app (inject) or a child (fetch). */
type Call = (
  method: string,
  route: string,
  cookie?: string,
  body?: unknown,
) => Promise<{ status: number; json: { url?: string } | null }>;

function injectCall(app: FastifyInstance): Call {
  return async (method, route, cookie, body) => {
    const response = await app.inject({
      method: method as 'POST',
      url: route,
      headers: cookie ? { cookie } : {},
      ...(body !== undefined && { payload: body as object }),
    });
    return { status: response.statusCode, json: response.body ? JSON.parse(response.body) : null };
  };
}

function fetchCall(url: string): Call {
  return async (method, route, cookie, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        // A browser's same-origin request (the Origin check, security review N7).
        'sec-fetch-site': 'same-origin',
        ...(cookie && { cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  };
}

/** Stripe delivers a webhook; one that gets no 2xx is kept for Stripe's retry. */
async function deliverTo(world: FaultWorld, target: FastifyInstance | string, event: Stripe.Event) {
  const { payload, headers } = signStripeEvent(event, world.webhookSecret);
  let status = 0;
  try {
    if (typeof target === 'string') {
      status = (await fetch(`${target}/api/webhooks/stripe`, { method: 'POST', headers, body: payload })).status;
    } else {
      status = (await target.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers })).statusCode;
    }
  } finally {
    if (status < 200 || status > 299) world.undelivered.push(event);
  }
  return status;
}

/** A fan starts checkout: the Stripe session's id, or null when refused (provider down, DB down). */
async function startCheckout(call: Call, pair: FaultPair): Promise<string | null> {
  const checkout = await call('POST', '/api/checkout', pair.fanCookie, {
    recipientId: pair.creatorId,
    messageContent: MESSAGE,
  });
  if (checkout.status !== 200) return null;
  return String(checkout.json?.url).split('/').pop() ?? null;
}

/** The fan pays on Stripe's page and Stripe tells the server. */
async function payAt(world: FaultWorld, target: FastifyInstance | string, sessionId: string) {
  return deliverTo(world, target, world.standIn.completeCheckout(sessionId));
}

/** Preparation on the parent app, without faults: a paid, unanswered message. */
async function paidMessage(world: FaultWorld, pair: FaultPair): Promise<string> {
  const sessionId = await startCheckout(injectCall(world.app), pair);
  if (!sessionId) throw new Error('preparation: checkout refused');
  const status = await payAt(world, world.app, sessionId);
  if (status !== 200) throw new Error(`preparation: webhook answered ${status}`);
  const session = world.standIn.sessions.get(sessionId)?.object;
  const messageId = (session?.metadata as { message_id?: string } | undefined)?.message_id;
  if (!messageId) throw new Error('preparation: no message on the session');
  return messageId;
}

/** Readiness of a child: polls /api/health/ready until 200; the time it took. */
async function waitReady(url: string, limitMs: number, child: ChildProcess, stderr: () => string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (child.exitCode !== null)
      throw new Error(`the server died with the database away (${child.exitCode}):\n${stderr()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).status === 200) return Date.now() - started;
    } catch {
      // not answering yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not become ready within ${limitMs} ms of the database coming back`);
}

/** One run: prepare, start a child, drive `flow` at it (every pair at once), SIGKILL it at random. */
export async function runOnce(world: FaultWorld, flow: Flow): Promise<FaultRun> {
  const { random, app } = world;
  const provider = PROVIDER_MODES[Math.floor(random() * PROVIDER_MODES.length)] ?? 'none';
  const databaseCut = random() < 0.3;
  const begun = Date.now();
  const run: FaultRun = { flow, provider, databaseCut, killedAfterMs: 0, done: 0, ms: 0, phases: [] };
  const mark = () => run.phases.push(Date.now() - begun - run.phases.reduce((a, b) => a + b, 0));
  const parent = injectCall(app);

  // What the flow acts on, made on the parent app before any fault.
  const prepared = await Promise.all(
    world.pairs.map(async (pair) => {
      if (flow === 'pay') return null;
      if (flow === 'confirm') return startCheckout(parent, pair);
      const messageId = await paidMessage(world, pair);
      if (flow === 'payout') {
        const reply = await parent('POST', `/api/messages/${messageId}/reply`, pair.creatorCookie, { content: REPLY });
        if (reply.status !== 200) throw new Error(`preparation: reply answered ${reply.status}`);
      }
      return messageId;
    }),
  );

  let proxy: TcpProxy | undefined;
  let databaseUrl = world.databaseUrl;
  if (databaseCut) {
    const target = new URL(world.databaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    databaseUrl = target.toString();
  }
  mark();
  const { child, url, stderr } = await startChild({
    FAULT_DATABASE_URL: databaseUrl,
    FAULT_CLOCK_OFFSET_HOURS: flow === 'expiry' ? '25' : '0',
    FAULT_STRIPE_API_URL: world.standIn.url,
    FAULT_STRIPE_SECRET_KEY: world.secretKey,
    FAULT_STRIPE_WEBHOOK_SECRET: world.webhookSecret,
    FAULT_STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_CONNECT_WEBHOOK_SECRET,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const call = fetchCall(url);
  world.standIn.setFaults(PROVIDER_FAULTS[provider]);

  const act = async (pair: FaultPair, target: string | null) => {
    try {
      switch (flow) {
        case 'pay': {
          const sessionId = await startCheckout(call, pair);
          if (sessionId && (await payAt(world, url, sessionId)) === 200) run.done++;
          return;
        }
        case 'confirm':
          if (target && (await payAt(world, url, target)) === 200) run.done++;
          return;
        case 'reply':
          if (
            (await call('POST', `/api/messages/${target}/reply`, pair.creatorCookie, { content: REPLY })).status === 200
          )
            run.done++;
          return;
        case 'decline': {
          const body = { reason: 'outside_expertise' };
          if ((await call('POST', `/api/messages/${target}/decline`, pair.creatorCookie, body)).status === 200)
            run.done++;
          return;
        }
        case 'refund':
          if ((await call('POST', `/api/admin/messages/${target}/refund`, world.adminCookie)).status === 200)
            run.done++;
          return;
        case 'payout':
          if ((await call('POST', '/api/creator/payouts', pair.creatorCookie)).status === 200) run.done++;
          return;
        case 'expiry':
          // The child's own job loop, its clock past the window, expires and releases the holds.
          return;
      }
    } catch {
      // The process was killed mid-request, or the database was cut: that is the point.
    }
  };
  mark();
  const started = Date.now();
  const flows = () => Promise.all(world.pairs.map((pair, i) => act(pair, prepared[i] ?? null)));

  let work: Promise<unknown>;
  if (proxy) {
    // The database goes away while the flow runs, comes back 2–3 s later; the child must recover alone.
    const cut = random() * 150;
    work = flows();
    await sleep(cut);
    await proxy.stop();
    run.readyWhileCut = await fetch(`${url}/api/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    await sleep(2000 + random() * 1000);
    await proxy.start();
    run.recoveredAfterMs = await waitReady(url, 20_000, child, stderr);
    await work;
    // Whatever the outage left undone is tried again (a user retrying), and killed at random.
    work = flows();
  } else {
    work = flows();
  }
  // Flows with a slow or hanging provider last longer, so the kill can land anywhere in them; the
  // window also reaches past a flow that finished, into the job loop's follow-up work.
  const span = flow === 'expiry' ? 1500 : provider === 'none' ? 1000 : 2500;
  await sleep(random() * span);
  child.kill('SIGKILL');
  run.killedAfterMs = Date.now() - started;
  mark();
  await exited;
  await work;
  world.standIn.setFaults(null);
  await proxy?.close();
  fs.rmSync(path.join(os.tmpdir(), `fanline-fault-${child.pid}`), { recursive: true, force: true });
  mark();
  run.ms = Date.now() - begun;
  return run;
}

/**
 * After the runs: Stripe expires the sessions nobody paid and retries the webhooks that got no 2xx,
 * all at `app` (a fresh instance whose clock is past every window).
 */
export async function settleStripeSide(world: FaultWorld, app: FastifyInstance) {
  for (const [id, state] of world.standIn.sessions) {
    if (state.object.status === 'open') world.undelivered.push(world.standIn.expireCheckout(id));
  }
  const retries = world.undelivered.splice(0);
  for (const event of retries) await deliverTo(world, app, event);
  return retries.length;
}

export interface MoneyCheck {
  payments: number;
  captures: number;
  payoutsPaid: number;
  doubleCaptures: number;
  conflictingSettlements: number;
  /** Stripe took the money and we did not book it, or we booked a capture Stripe never made. */
  providerConflicts: number;
  /** Payments left pending/authorized here, plus holds still open at Stripe. */
  orphanHolds: number;
  messagesNotFinal: number;
  /** Creators whose payable balance is negative, or whose transfers exceed what they earned. */
  payoutsAboveBalance: number;
  /** Transfers for a payout we do not book as paid, or more than one transfer for a payout. */
  transferConflicts: number;
  unbalancedTransactions: number;
  /** Outbox rows (decision 0022) not done once the reconcilers ran: pending, or dead after their attempts. */
  effectsNotDone: number;
  /** Outbox rows whose change never committed (EFFECTS_WITHOUT_CHANGE). */
  effectsWithoutChange: number;
}

type Row = Record<string, unknown>;

/** After the reconcilers: what must be zero, counted on our side and on Stripe's. */
export async function checkMoney(app: FastifyInstance, standIn: StripeStandIn): Promise<MoneyCheck> {
  const all = async (query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const count = async (query: ReturnType<typeof sql>) => Number((await all(query))[0]?.n ?? -1);

  const captured = new Set(
    (
      await all(sql`select distinct p.payment_intent_id as intent from ledger_entries l
        join payments p on p.id = l.payment_id where l.kind = 'capture'`)
    ).map((r) => String(r.intent)),
  );
  let providerConflicts = 0;
  let openHolds = 0;
  for (const intent of standIn.intents.values()) {
    const kept =
      intent.status === 'succeeded' && Number(intent.amount_refunded ?? 0) < Number(intent.amount_received ?? 0);
    if (kept !== captured.has(String(intent.id))) providerConflicts++;
    if (intent.status === 'requires_capture') openHolds++;
  }

  const transfers = [...standIn.connect.transfers.values()];
  const payouts = new Map(
    (await all(sql`select id, status, creator_id, transferred from payouts`)).map((r) => [String(r.id), r] as const),
  );
  const accounts = new Map(
    (await all(sql`select creator_id, stripe_account_id from payout_accounts where stripe_account_id is not null`)).map(
      (r) => [String(r.stripe_account_id), String(r.creator_id)] as const,
    ),
  );
  const earned = new Map(
    (await all(sql`select creator_id, sum(amount)::int as total from earnings group by creator_id`)).map(
      (r) => [String(r.creator_id), Number(r.total)] as const,
    ),
  );
  // Decision 0029: one transfer per earning, one Stripe payout per payout attempt.
  const perPayout = new Map<string, number>();
  const perEarning = new Map<string, number>();
  const perCreator = new Map<string, number>();
  for (const transfer of transfers) {
    const meta = transfer.metadata as { payout_id?: string; earning_id?: string };
    const payoutId = String(meta.payout_id);
    perPayout.set(payoutId, (perPayout.get(payoutId) ?? 0) + 1);
    perEarning.set(String(meta.earning_id), (perEarning.get(String(meta.earning_id)) ?? 0) + 1);
    const creatorId = accounts.get(String(transfer.destination)) ?? '?';
    perCreator.set(creatorId, (perCreator.get(creatorId) ?? 0) + Number(transfer.amount));
  }
  const perAttempt = new Map<string, number>();
  for (const payout of standIn.connect.payouts.values()) {
    const meta = payout.metadata as { payout_id?: string; attempt?: string };
    const key = `${meta.payout_id}:${meta.attempt}`;
    perAttempt.set(key, (perAttempt.get(key) ?? 0) + 1);
  }
  let transferConflicts = 0;
  for (const n of [...perEarning.values(), ...perAttempt.values()]) if (n > 1) transferConflicts++;
  for (const [payoutId] of perPayout) {
    // Money sent for a payout we booked as never transferred (failed back to the balance).
    if (payouts.get(payoutId)?.transferred !== true) transferConflicts++;
  }
  for (const [id, payout] of payouts) {
    if (payout.transferred === true && !perPayout.has(id)) transferConflicts++;
  }
  let transfersAboveEarnings = 0;
  for (const [creatorId, total] of perCreator) if (total > (earned.get(creatorId) ?? 0)) transfersAboveEarnings++;

  return {
    payments: await count(sql`select count(*)::int as n from payments`),
    captures: captured.size,
    payoutsPaid: transfers.length,
    doubleCaptures: await count(sql`select count(*)::int as n from (
      select payment_id from ledger_entries where kind = 'capture'
      group by payment_id having count(distinct transaction_id) > 1) t`),
    conflictingSettlements: await count(sql`select count(*)::int as n from (
      select payment_id from ledger_entries where kind in ('capture', 'release', 'refund')
      group by payment_id having count(distinct transaction_id) > 1) t`),
    providerConflicts,
    orphanHolds:
      openHolds + (await count(sql`select count(*)::int as n from payments where status in ('pending', 'authorized')`)),
    messagesNotFinal: await count(sql`select count(*)::int as n from messages m
      where exists (select 1 from payments p where p.message_id = m.id)
      and m.status not in ('responded', 'refunded', 'cancelled')`),
    payoutsAboveBalance:
      transfersAboveEarnings +
      (await count(sql`select count(*)::int as n from (
        select account from ledger_entries where account like 'creator_payable:%'
        group by account having sum(amount) < 0) t`)),
    transferConflicts,
    unbalancedTransactions: await unbalancedTransactions(app.db),
    effectsNotDone: await count(sql`select count(*)::int as n from outbox where status <> 'done'`),
    effectsWithoutChange: await count(sql`select count(*)::int as n from (${EFFECTS_WITHOUT_CHANGE}) t`),
  };
}
