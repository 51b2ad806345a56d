// runs-long: 45 s (four compiled instances behind HAProxy)
import http2 from 'node:http2';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openDatabase } from './platform/db';
import { type RunningCluster, startCluster, waitForExit } from './testing/cluster';
import { ClusterClient, cookieNames, type EventStream, openEventStream, postFrom } from './testing/cluster-client';
import { REPLY } from './testing/earnings';
import { createCreator, TEST_PASSWORD } from './testing/factories';
import { SAMPLE_MESSAGE } from './testing/messaging';
import { testDriver } from './testing/test-app';

/**
 * Issue 27's acceptance list, through a real HAProxy in front of real instances on PostgreSQL and
 * s3rver (`npm run cluster`'s script on free ports). PostgreSQL only: the project runs it once. Issue
 * 38: everything goes through HTTPS (HAProxy ends TLS with the certificate the cluster made at start,
 * which this process trusts), and a fourth instance is there to be killed in the middle of 200 pays.
 */

const postgresUrl = inject('postgresUrl');
const AUTH_IP_LIMIT = 8;
const png = (color: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.skipIf(testDriver() !== 'postgres' || !postgresUrl)('the cluster behind HAProxy (issue 27)', () => {
  let cluster: RunningCluster;
  let sql: pg.Client;
  let fan: ClusterClient;
  let creator: ClusterClient;
  let creatorId: string;
  let stream: EventStream;
  const images: string[] = [];
  const attachments: string[] = [];
  const dead = new Set<string>();

  beforeAll(async () => {
    cluster = await startCluster({
      adminUrl: postgresUrl ?? '',
      instances: 4,
      // Issue 39: the same list with live events through NATS JetStream (needs nats-server).
      bus: process.env.CLUSTER_TEST_BUS === 'nats' ? 'nats' : 'pg',
      // Low, so counting it out through the balancer is quick; the journeys stay well under it.
      env: {
        AUTH_IP_LIMIT: String(AUTH_IP_LIMIT),
        JOBS_INTERVAL_SECONDS: '1',
        // Without the demo data a production server needs its super admin (bootstrap.ts).
        ADMIN_EMAIL: 'admin@cluster.test',
        ADMIN_PASSWORD: 'cluster-admin-password',
      },
    });
    sql = new pg.Client({ connectionString: cluster.databaseUrl });
    await sql.connect();
    // The creator comes from the same factory the API tests use (a verified, available creator).
    const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
    try {
      const made = await createCreator(database.db);
      creatorId = made.id;
      creator = new ClusterClient(cluster.haproxyUrl, cluster.publicUrl);
      await creator.json('POST', '/api/auth/sign-in', { email: made.email, password: TEST_PASSWORD });
    } finally {
      await database.close();
    }
    fan = new ClusterClient(cluster.haproxyUrl, cluster.publicUrl);
  }, 180_000);

  afterAll(async () => {
    stream?.close();
    await sql?.end();
    await cluster?.stop();
  }, 60_000);

  const alive = () => cluster.instances.filter((instance) => !dead.has(instance.id));

  const everyInstance = () => cluster.instances.map((instance) => instance.id).sort();

  test('HAProxy spreads requests round robin over all the instances', async () => {
    const servers = new Set<string | null>();
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${cluster.haproxyUrl}/api/health`);
      expect(response.status).toBe(200);
      servers.add(response.headers.get('x-fanline-server'));
    }
    expect([...servers].sort()).toEqual(everyInstance());
  });

  test('plain HTTP answers only with a redirect (308) to HTTPS; HTTPS speaks HTTP/2 and sends HSTS', async () => {
    const plain = await fetch(`${cluster.httpUrl}/api/health?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(308);
    const tlsPort = new URL(cluster.haproxyUrl).port;
    expect(plain.headers.get('location')).toBe(`https://127.0.0.1:${tlsPort}/api/health?x=1`);
    const secure = await fetch(`${cluster.haproxyUrl}/api/health`);
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(cluster.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    // HTTP/2 by ALPN, over a verified TLS connection (the process trusts the cluster's certificate).
    const session = http2.connect(cluster.haproxyUrl);
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/health/live', ':authority': new URL(cluster.publicUrl).host });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
  });

  test('/api/health answers from every instance with its own id and the version', async () => {
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 8; i++) {
      const body = (await (await fetch(`${cluster.haproxyUrl}/api/health`)).json()) as {
        instance?: string;
        version?: string;
      };
      expect(body.version).toEqual(expect.any(String));
      seen.add(body.instance);
    }
    expect([...seen].sort()).toEqual(everyInstance());
  });

  test('the sign-in limit per address is the same through the balancer as on one instance', async () => {
    const attemptsUntilRefused = async (localAddress: string, baseUrl: string) => {
      for (let attempt = 1; attempt <= AUTH_IP_LIMIT * 4; attempt++) {
        const status = await postFrom(localAddress, `${baseUrl}/api/auth/sign-in`, cluster.publicUrl, {
          // A new address each time: only the per-address limit can refuse.
          email: `nobody-${attempt}-${localAddress}@example.test`,
          password: 'not-the-password',
        });
        if (status === 429) return attempt;
        expect(status).toBe(401);
      }
      return Number.POSITIVE_INFINITY;
    };
    const direct = await attemptsUntilRefused('127.0.0.21', cluster.instances[0]?.url ?? '');
    const balanced = await attemptsUntilRefused('127.0.0.22', cluster.haproxyUrl);
    expect(direct).toBe(AUTH_IP_LIMIT + 1);
    expect(balanced).toBe(direct);
  });

  test('a fan signs up through https; a creator uploads an avatar and a portfolio image', async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    await fan.json(
      'POST',
      '/api/auth/sign-up',
      {
        email: `fan_${tag}@example.test`,
        username: `fan_${tag}`,
        displayName: `Cluster fan ${tag}`,
        password: 'cluster-pass-1',
        intendedAccountType: 'customer',
      },
      201,
    );
    const { avatarUrl } = await creator.upload<{ avatarUrl: string }>(
      '/api/profile/me/avatar',
      await png({ r: 10, g: 120, b: 200 }),
    );
    const { portfolioImages } = await creator.upload<{ portfolioImages: string[] }>(
      '/api/profile/me/portfolio',
      await png({ r: 200, g: 40, b: 90 }),
    );
    images.push(avatarUrl, ...portfolioImages);
    // HAProxy said https (X-Forwarded-Proto), so the session cookie is the __Host- one.
    expect(cookieNames(creator)).toContain('__Host-fanline_session');
    expect(images).toHaveLength(2);
    stream = await openEventStream(cluster.haproxyUrl, fan.cookie);
    expect(stream.server).toMatch(/^fanline-\d$/);
  });

  test('every uploaded image loads from every instance', async () => {
    for (const instance of cluster.instances) {
      for (const image of images) {
        const response = await fetch(`${instance.url}${image}`);
        expect(response.status, `${image} from ${instance.id}`).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\//);
      }
    }
  });

  test('SIGKILL an instance in the middle of 200 concurrent pays: none lost, none charged twice', async () => {
    const payer = new ClusterClient(cluster.haproxyUrl, cluster.publicUrl);
    const tag = Math.random().toString(36).slice(2, 10);
    await payer.json(
      'POST',
      '/api/auth/sign-up',
      {
        email: `payer_${tag}@example.test`,
        username: `payer_${tag}`,
        displayName: `Cluster payer ${tag}`,
        password: 'cluster-pass-1',
        intendedAccountType: 'customer',
      },
      201,
    );
    const paymentIds: string[] = [];
    const startOne = async (i: number) => {
      const { url } = await withRetries(() =>
        payer.json<{ url: string }>('POST', '/api/checkout', {
          recipientId: creatorId,
          messageContent: `${SAMPLE_MESSAGE} (#${i})`,
        }),
      );
      paymentIds.push(url.split('/').pop() ?? '');
    };
    for (let i = 0; i < 200; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => startOne(i + j)));
    expect(paymentIds).toHaveLength(200);

    // Not the one holding the fan's stream (stopped gracefully below), nor one killed before.
    const victim = alive().find((instance) => instance.id !== stream.server);
    if (!victim) throw new Error('no instance to kill');
    let answered = 0;
    const retried: number[] = [];
    // The waits of the web's api() between tries of an idempotent write (apps/web/src/lib/api-client.ts).
    const RETRY_DELAYS_MS = [500, 1500, 3000];
    // As the web does (lib/api-client.ts): one Idempotency-Key per pay, the same on every try.
    const pays = paymentIds.map(async (paymentId, i) => {
      const key = `pay-${tag}-${i}-${paymentId.slice(0, 8)}`;
      for (let attempt = 1; ; attempt++) {
        const response = await payer
          .request(
            'POST',
            `/api/checkout/local/${paymentId}/pay`,
            { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Cluster Payer' },
            { 'idempotency-key': key },
          )
          .catch(() => null);
        const status = response?.status ?? 0;
        const text = (await response?.text()) ?? '';
        if (status === 200) {
          answered++;
          return;
        }
        const delay = RETRY_DELAYS_MS[attempt - 1];
        if (delay === undefined || (status !== 0 && status < 500))
          throw new Error(`pay ${paymentId}: ${status} ${text}`);
        retried.push(status);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    });
    // In the middle: some answered, many still in flight.
    const deadline = Date.now() + 20_000;
    while (answered < 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    process.kill(victim.pid, 'SIGKILL');
    dead.add(victim.id);
    const killedAt = answered;
    await Promise.all(pays);
    expect(answered).toBe(200);
    expect(killedAt, 'the kill came in the middle of the pays').toBeLessThan(200);

    const { rows } = await sql.query<{ status: string; authorizations: number }>(
      `select p.status, (select count(distinct l.transaction_id)::int from ledger_entries l
          where l.payment_id = p.id and l.kind = 'authorize') as authorizations
        from payments p where p.id = any($1::uuid[])`,
      [paymentIds],
    );
    expect(rows).toHaveLength(200);
    expect(rows.filter((row) => row.status === 'authorized' || row.status === 'succeeded')).toHaveLength(200);
    expect(rows.filter((row) => row.authorizations !== 1)).toEqual([]);
    expect(await ledgerProblems()).toMatchObject({ unbalanced: 0, doubleCaptures: 0 });
    console.info(
      `200 pays, ${victim.id} killed after ${killedAt} answers; tried again after: ${JSON.stringify(countBy(retried))}`,
    );
  }, 120_000);

  test('SIGKILL an instance mid-journey: the reply arrives live, one capture, the ledger balanced', async () => {
    await payForMessage(fan, creatorId, SAMPLE_MESSAGE);
    // Not the one holding the fan's stream: that one is stopped gracefully below.
    const victim = alive().find((instance) => instance.id !== stream.server);
    if (!victim) throw new Error('no instance to kill');
    process.kill(victim.pid, 'SIGKILL');
    dead.add(victim.id);
    // The crash falls between two requests: the kernel takes some 30-50 ms to tear a killed process
    // down, and a request HAProxy hands it in that window is lost with it (HAProxy then closes the
    // client's connection without an answer, which browsers retry; fetch does not).
    await waitForExit(victim.pid, 5_000);

    // At once, before HAProxy's checks have marked it down: refused connections go elsewhere.
    const { conversations } = await creator.json<{ conversations: Array<{ lastMessageId: string }> }>(
      'GET',
      '/api/conversations',
    );
    const messageId = conversations[0]?.lastMessageId ?? '';
    const attachment = await creator.upload<{ id: string }>('/api/attachments', await png({ r: 0, g: 0, b: 0 }), 201);
    attachments.push(attachment.id);
    const answer = await creator.json<{ messageId: string }>('POST', `/api/messages/${messageId}/reply`, {
      content: REPLY,
      attachmentIds: [attachment.id],
    });

    // The fan's stream hears of the answer, whichever instance took the reply (events cross instances).
    const event = await stream.next((e) => e.type === 'message' && e.messageId === answer.messageId);
    expect(event).toMatchObject({ type: 'message', messageId: answer.messageId });
    const thread = await fan.json<{ messages: Array<{ attachments: Array<{ id: string }> }> }>(
      'GET',
      `/api/conversations/${messageId}`,
    );
    expect(thread.messages.flatMap((m) => m.attachments.map((a) => a.id))).toContain(attachment.id);

    const paymentId = await paymentOf(messageId);
    await eventually(async () => expect(await captureTransactions(paymentId)).toBe(1), 30_000);
    expect(await ledgerProblems()).toEqual({ unbalanced: 0, total: 0, doubleCaptures: 0 });
  }, 60_000);

  test('the reply image loads through HAProxy and from every live instance', async () => {
    for (const id of attachments) {
      const through = await fan.request('GET', `/api/attachments/${id}`);
      expect(through.status).toBe(200);
      for (const instance of alive()) {
        const response = await fetch(`${instance.url}/api/attachments/${id}`, { headers: { cookie: fan.cookie } });
        expect(response.status, `attachment from ${instance.id}`).toBe(200);
      }
    }
  });

  test('SIGTERM the stream holder: it drains within 10 s and the stream reconnects without missing an event', async () => {
    const holder = cluster.instances.find((instance) => instance.id === stream.server);
    if (!holder) throw new Error(`the stream's instance ${stream.server} is not in the cluster`);
    const second = await payForMessage(fan, creatorId, `${SAMPLE_MESSAGE} (again)`);
    await stream.next((e) => e.type === 'message' && e.messageId === second);
    const lastSeen = stream.lastEventId();
    expect(lastSeen, 'the stream carries event ids').toBeDefined();

    process.kill(holder.pid, 'SIGTERM');
    const drained = waitForExit(holder.pid, 15_000);
    // It stops being ready at once; the balancer keeps answering throughout.
    await eventually(async () => {
      const ready = await fetch(`${holder.url}/api/health/ready`).then(
        (response) => response.status,
        () => 0,
      );
      expect(ready).not.toBe(200);
    }, 2_000);
    await stream.ended;
    // An event the stream could not carry: it happens while no stream is open.
    const answer = await creator.json<{ messageId: string }>('POST', `/api/messages/${second}/reply`, {
      content: REPLY,
    });
    for (let i = 0; i < 4; i++) expect((await fetch(`${cluster.haproxyUrl}/api/health`)).status).toBe(200);

    // As EventSource does after its retry delay: reconnect through the balancer with the last id,
    // until an instance that is not stopping takes the stream.
    stream = await eventuallyValue(async () => {
      const next = await openEventStream(cluster.haproxyUrl, fan.cookie, lastSeen);
      if (next.server !== holder.id) return next;
      next.close();
      throw new Error('reconnected to the stopping instance');
    }, 10_000);
    const missed = await stream.next((e) => e.type === 'message' && e.messageId === answer.messageId);
    expect(missed).toMatchObject({ type: 'message', messageId: answer.messageId });
    expect(await drained).toBeLessThan(11_000);
    dead.add(holder.id);
  }, 60_000);

  /** Pays for a message through the built-in test checkout; returns the message id. */
  async function payForMessage(client: ClusterClient, recipientId: string, messageContent: string): Promise<string> {
    const { url } = await client.json<{ url: string }>('POST', '/api/checkout', { recipientId, messageContent });
    const paymentId = url.split('/').pop() ?? '';
    await client.json('POST', `/api/checkout/local/${paymentId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Cluster Fan',
    });
    const { rows } = await sql.query<{ message_id: string }>('select message_id from payments where id = $1', [
      paymentId,
    ]);
    return rows[0]?.message_id ?? '';
  }

  async function paymentOf(messageId: string): Promise<string> {
    const { rows } = await sql.query<{ id: string }>('select id from payments where message_id = $1', [messageId]);
    return rows[0]?.id ?? '';
  }

  async function captureTransactions(paymentId: string): Promise<number> {
    const { rows } = await sql.query<{ n: number }>(
      `select count(distinct transaction_id)::int as n from ledger_entries where kind = 'capture' and payment_id = $1`,
      [paymentId],
    );
    return rows[0]?.n ?? -1;
  }

  async function ledgerProblems() {
    const one = async (query: string) => Number((await sql.query<{ n: number }>(query)).rows[0]?.n ?? -1);
    return {
      unbalanced: await one(
        'select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) t',
      ),
      total: await one('select coalesce(sum(amount), 0)::int as n from ledger_entries'),
      doubleCaptures: await one(
        `select count(*)::int as n from (select payment_id from ledger_entries where kind = 'capture'
          group by payment_id having count(distinct transaction_id) > 1) t`,
      ),
    };
  }
});

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}

/** A write the client sends again after a network failure or a 5xx from the balancer, as a browser user would. */
async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= 3 || !/: (0|5\d\d) |fetch failed/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * i));
    }
  }
}

async function eventually(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  await eventuallyValue(check, timeoutMs);
}

async function eventuallyValue<T>(attempt: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
