import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { payments } from '../db/schema';
import type { Db } from '../platform/db';
import { createCreator, createUser, TEST_PASSWORD } from './factories';

// A soak run over loopback: pairs of fan and creator loop through browse, profile, conversation list,
// pay (the built-in test checkout) and reply, while SSE clients stay connected and count the events
// they hear. Used by soak.int.test.ts (one minute) and bench/soak.bench.ts (thirty minutes).

export interface SoakWindow {
  rssMb: number;
  heapMb: number;
  eventLoopP99Ms: number;
  requestP99Ms: number;
  requests: number;
}

export interface SoakReport {
  seconds: number;
  requests: number;
  paidMessages: number;
  sseEvents: number;
  errors: string[];
  start: SoakWindow;
  end: SoakWindow;
}

export interface SoakOptions {
  baseUrl: string;
  db: Db;
  seconds: number;
  /** Fan–creator pairs looping at once. */
  pairs?: number;
  /** Seconds at the start and at the end whose figures are reported. */
  windowSeconds?: number;
  /**
   * The least milliseconds one pair's round (browse to reply) takes: a pair that is done sooner waits.
   * 0 (the default) runs flat out, as the bench's thirty-minute soak does.
   */
  roundMs?: number;
}

const MB = 1024 * 1024;

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { baseUrl, db, seconds, pairs = 3, roundMs = 0 } = options;
  const windowMs = (options.windowSeconds ?? Math.min(10, seconds / 4)) * 1000;
  const errors: string[] = [];
  const latencies: Array<{ at: number; ms: number }> = [];
  let paidMessages = 0;
  let sseEvents = 0;

  const request = async (method: string, path: string, cookie?: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        // A browser's same-origin request (the Origin check, security review N7).
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    latencies.push({ at: Date.now(), ms: performance.now() - started });
    if (!response.ok && errors.length < 20) errors.push(`${method} ${path} → ${response.status} ${text.slice(0, 160)}`);
    else if (!response.ok) errors.push('…');
    return { status: response.status, text, headers: response.headers };
  };
  const signIn = async (email: string) => {
    const response = await request('POST', '/api/auth/sign-in', undefined, { email, password: TEST_PASSWORD });
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`soak sign-in failed: ${response.status} ${response.text}`);
    return cookie;
  };

  const people: Array<{
    fan: Awaited<ReturnType<typeof createUser>>;
    creator: Awaited<ReturnType<typeof createCreator>>;
    fanCookie: string;
    creatorCookie: string;
  }> = [];
  for (let i = 0; i < pairs; i++) {
    const fan = await createUser(db);
    const creator = await createCreator(db);
    people.push({
      fan,
      creator,
      fanCookie: await signIn(fan.email ?? ''),
      creatorCookie: await signIn(creator.email ?? ''),
    });
  }

  // One live stream per account, reading and counting, never keeping the events.
  const streams = new AbortController();
  const readers = people.flatMap((p) =>
    [p.fanCookie, p.creatorCookie].map(async (cookie) => {
      try {
        const response = await fetch(`${baseUrl}/api/events`, {
          headers: { cookie, accept: 'text/event-stream' },
          signal: streams.signal,
        });
        if (!response.ok || !response.body) {
          errors.push(`SSE connect → ${response.status}`);
          return;
        }
        const decoder = new TextDecoder();
        for await (const chunk of response.body) {
          sseEvents += (decoder.decode(chunk, { stream: true }).match(/\ndata: |^data: /g) ?? []).length;
        }
      } catch (error) {
        if (!streams.signal.aborted) errors.push(`SSE broke: ${String(error)}`);
      }
    }),
  );

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const snapshot = (from: number, to: number): SoakWindow => {
    const inWindow = latencies.filter((l) => l.at >= from && l.at <= to).map((l) => l.ms);
    inWindow.sort((a, b) => a - b);
    const memory = process.memoryUsage();
    const window = {
      rssMb: Math.round(memory.rss / MB),
      heapMb: Math.round(memory.heapUsed / MB),
      eventLoopP99Ms: Math.round((loopDelay.percentile(99) / 1e6) * 10) / 10,
      requestP99Ms: Math.round((inWindow[Math.floor(inWindow.length * 0.99)] ?? 0) * 10) / 10,
      requests: inWindow.length,
    };
    loopDelay.reset();
    return window;
  };

  const began = Date.now();
  const deadline = began + seconds * 1000;
  let start: SoakWindow | undefined;
  const startTimer = setTimeout(() => {
    start = snapshot(began, Date.now());
  }, windowMs);

  const loop = async (p: (typeof people)[number]) => {
    while (Date.now() < deadline && errors.length === 0) {
      const roundStarted = Date.now();
      await request('GET', '/api/creators?limit=12');
      await request('GET', `/api/profiles/${p.creator.username}`);
      await request('GET', '/api/conversations', p.fanCookie);
      const checkout = await request('POST', '/api/checkout', p.fanCookie, {
        recipientId: p.creator.id,
        messageContent: `Soak message ${paidMessages}: a question long enough for the rules.`,
      });
      if (checkout.status !== 200) break;
      const paymentId = String(JSON.parse(checkout.text).url).split('/').pop() ?? '';
      const pay = await request('POST', `/api/checkout/local/${paymentId}/pay`, p.fanCookie, {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        name: 'Soak Fan',
      });
      if (pay.status !== 200) break;
      const [row] = await db.select({ messageId: payments.messageId }).from(payments).where(eq(payments.id, paymentId));
      await request('GET', '/api/conversations', p.creatorCookie);
      const reply = await request('POST', `/api/messages/${row?.messageId}/reply`, p.creatorCookie, {
        content: 'Thanks for writing! Here is my honest answer to your question.',
      });
      if (reply.status === 200) paidMessages++;
      const rest = Math.min(roundStarted + roundMs, deadline) - Date.now();
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  };
  await Promise.all(people.map(loop));
  clearTimeout(startTimer);
  const endedAt = Date.now();
  const end = snapshot(endedAt - windowMs, endedAt);
  loopDelay.disable();
  streams.abort();
  await Promise.all(readers);
  return {
    seconds: Math.round((endedAt - began) / 1000),
    requests: latencies.length,
    paidMessages,
    sseEvents,
    errors,
    start: start ?? end,
    end,
  };
}

export function formatSoak(report: SoakReport): string {
  const line = (name: string, w: SoakWindow) =>
    `${name}: RSS ${w.rssMb} MB, heap ${w.heapMb} MB, event-loop p99 ${w.eventLoopP99Ms} ms, request p99 ${w.requestP99Ms} ms over ${w.requests} requests`;
  return [
    `soak ${report.seconds} s: ${report.requests} requests, ${report.paidMessages} paid and answered messages, ${report.sseEvents} live events heard, ${report.errors.length} errors`,
    line('  start', report.start),
    line('  end  ', report.end),
    ...report.errors.map((e) => `  error: ${e}`),
  ].join('\n');
}
