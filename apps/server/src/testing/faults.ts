import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../db/schema';
import { createLocalProvider, type PaymentProvider } from '../modules/payments';
import type { Db } from '../platform/db';
import { unbalancedTransactions } from './messaging';

// Fault injection on PostgreSQL: child server processes (testing/fault-child.ts) are killed with
// SIGKILL at random moments of pay, confirm, reply, payout and expiry, some with a payment provider
// that fails, hangs or is slow; then a fresh instance runs the jobs until everything is settled and
// the money is checked. Used by fault-injection.int.test.ts (reduced) and bench/faults.bench.ts.

export interface FaultPair {
  fanCookie: string;
  creatorCookie: string;
  creatorId: string;
}

export interface FaultRun {
  provider: string;
  clockOffsetHours: number;
  killedAfterMs: number;
  paid: number;
  replied: number;
}

const CHILD = path.join(import.meta.dirname, 'fault-child.ts');
const REPO_ROOT = path.join(import.meta.dirname, '../../../..');
const PROVIDER_MODES = ['none', '5xx', 'timeout', 'slow'] as const;

/** Provider calls carried out, across every process: payment id → kinds. */
export type ProviderCalls = Map<string, string[]>;

function startChild(env: Record<string, string>, calls: ProviderCalls): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffer = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('fault child did not start within 60 s')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let end = buffer.indexOf('\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        const listening = /^listening (\S+)/.exec(line);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve({ child, url: listening[1] });
        }
        const call = /^provider (\w+) (\S+)/.exec(line);
        if (call?.[1] && call[2]) calls.set(call[2], [...(calls.get(call[2]) ?? []), call[1]]);
        end = buffer.indexOf('\n');
      }
    });
    child.stderr?.resume();
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fault child exited early (${code})`));
    });
  });
}

/** One short run: start a child, drive pay / reply / payout at it, SIGKILL it at a random moment. */
export async function runOnce(options: {
  databaseUrl: string;
  db: Db;
  pairs: FaultPair[];
  calls: ProviderCalls;
  random: () => number;
}): Promise<FaultRun> {
  const { random, db } = options;
  const provider = PROVIDER_MODES[Math.floor(random() * PROVIDER_MODES.length)] ?? 'none';
  const clockOffsetHours = random() < 0.3 ? 25 : 0;
  const { child, url } = await startChild(
    {
      FAULT_DATABASE_URL: options.databaseUrl,
      FAULT_PROVIDER: provider,
      FAULT_CLOCK_OFFSET_HOURS: String(clockOffsetHours),
    },
    options.calls,
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killedAfterMs = Math.round(200 + random() * 2500);
  let killed = false;
  const run: FaultRun = { provider, clockOffsetHours, killedAfterMs, paid: 0, replied: 0 };
  const post = (cookie: string, route: string, body?: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const drive = async (pair: FaultPair, n: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const checkout = await post(pair.fanCookie, '/api/checkout', {
          recipientId: pair.creatorId,
          messageContent: `Fault run message ${n}.${i}: long enough to be valid.`,
        });
        if (checkout.ok) {
          const paymentId = String(((await checkout.json()) as { url: string }).url)
            .split('/')
            .pop();
          const pay = await post(pair.fanCookie, `/api/checkout/local/${paymentId}/pay`, {
            cardNumber: '4242 4242 4242 4242',
            expiry: '12 / 34',
            cvc: '123',
            name: 'Fault Fan',
          });
          if (pay.ok) run.paid++;
        }
        const open = await db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.recipientId, pair.creatorId), eq(messages.status, 'sent')))
          .limit(1);
        if (open[0]) {
          const reply = await post(pair.creatorCookie, `/api/messages/${open[0].id}/reply`, {
            content: 'Thanks for writing! Here is my honest answer to your question.',
          });
          if (reply.ok) run.replied++;
        }
        if (random() < 0.3) await post(pair.creatorCookie, '/api/creator/payouts');
      } catch {
        // The process was killed mid-request: that is the point.
      }
    }
  };
  const work = options.pairs.map((pair, n) => drive(pair, n));
  await new Promise((resolve) => setTimeout(resolve, killedAfterMs));
  child.kill('SIGKILL');
  killed = true;
  await exited;
  await Promise.all(work);
  fs.rmSync(path.join(os.tmpdir(), `fanline-fault-${child.pid}`), { recursive: true, force: true });
  return run;
}

/** The local provider, reporting its calls into `calls` like the children do. */
export function countingLocalProvider(calls: ProviderCalls): PaymentProvider {
  const local = createLocalProvider(120);
  const note = (kind: string, id: string) => calls.set(id, [...(calls.get(id) ?? []), kind]);
  return {
    ...local,
    capture: async (payment) => {
      const outcome = await local.capture(payment);
      note('capture', payment.id);
      return outcome;
    },
    release: async (payment) => {
      await local.release(payment);
      note('release', payment.id);
    },
    refund: async (payment) => {
      await local.refund(payment);
      note('refund', payment.id);
    },
  };
}

export interface MoneyCheck {
  payments: number;
  doubleCaptures: number;
  conflictingSettlements: number;
  providerConflicts: number;
  orphanHolds: number;
  messagesNotFinal: number;
  overdrawnCreators: number;
  unbalancedTransactions: number;
}

/** After the reconciler: what must be zero, counted. */
export async function checkMoney(app: FastifyInstance, calls: ProviderCalls): Promise<MoneyCheck> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? -1;
  const providerConflicts = [...calls.values()].filter(
    (kinds) => kinds.includes('capture') && (kinds.includes('release') || kinds.includes('refund')),
  ).length;
  return {
    payments: await rows(sql`select count(*)::int as n from payments`),
    doubleCaptures: await rows(sql`select count(*)::int as n from (
      select payment_id from ledger_entries where kind = 'capture'
      group by payment_id having count(distinct transaction_id) > 1) t`),
    conflictingSettlements: await rows(sql`select count(*)::int as n from (
      select payment_id from ledger_entries where kind in ('capture', 'release', 'refund')
      group by payment_id having count(distinct transaction_id) > 1) t`),
    providerConflicts,
    orphanHolds: await rows(sql`select count(*)::int as n from payments where status in ('pending', 'authorized')`),
    messagesNotFinal: await rows(sql`select count(*)::int as n from messages m
      where exists (select 1 from payments p where p.message_id = m.id)
      and m.status not in ('responded', 'refunded', 'cancelled')`),
    overdrawnCreators: await rows(sql`select count(*)::int as n from (
      select account from ledger_entries where account like 'creator_payable:%'
      group by account having sum(amount) < 0) t`),
    unbalancedTransactions: await unbalancedTransactions(app.db),
  };
}
