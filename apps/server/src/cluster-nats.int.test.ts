// runs-long: 35 s (three compiled instances on NATS, rolled)
import type { TRealtimeEvent } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openDatabase } from './platform/db';
import { type RunningCluster, startCluster } from './testing/cluster';
import { ClusterClient, type EventStream, openEventStream } from './testing/cluster-client';
import { REPLY } from './testing/earnings';
import { createCreator, TEST_PASSWORD } from './testing/factories';
import { SAMPLE_MESSAGE } from './testing/messaging';
import { natsServerInstalled } from './testing/nats';
import { testDriver } from './testing/test-app';

/**
 * Issue 39, point 3's acceptance: `npm run cluster -- --bus nats` (three instances behind HAProxy,
 * live events through NATS JetStream); after a full roll of the three instances a client resumes its
 * stream with Last-Event-ID, through the balancer, and gets what it missed with no resync. The rest of
 * the cluster's behaviour is cluster-behind-haproxy.int.test.ts (CLUSTER_TEST_BUS=nats runs it on NATS).
 */

const postgresUrl = inject('postgresUrl');

describe.skipIf(testDriver() !== 'postgres' || !postgresUrl || !natsServerInstalled())(
  'the cluster on NATS (EVENT_BUS=nats)',
  () => {
    let cluster: RunningCluster;
    let fan: ClusterClient;
    let creator: ClusterClient;
    let creatorId: string;
    let stream: EventStream | undefined;

    beforeAll(async () => {
      cluster = await startCluster({
        adminUrl: postgresUrl ?? '',
        instances: 3,
        bus: 'nats',
        env: {
          // Short drains: the roll stops three instances one after another.
          SHUTDOWN_DELAY_MS: '500',
          ADMIN_EMAIL: 'admin@cluster.test',
          ADMIN_PASSWORD: 'cluster-admin-password',
        },
      });
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
      const tag = Math.random().toString(36).slice(2, 10);
      await fan.json(
        'POST',
        '/api/auth/sign-up',
        {
          email: `fan_${tag}@example.test`,
          username: `fan_${tag}`,
          displayName: `NATS fan ${tag}`,
          password: 'cluster-pass-1',
          intendedAccountType: 'customer',
        },
        201,
      );
    }, 180_000);

    afterAll(async () => {
      stream?.close();
      await cluster?.stop();
    }, 60_000);

    test('after a full roll of 3 instances a client resumes with no resync', async () => {
      expect(cluster.bus).toBe('nats');
      stream = await openEventStream(cluster.haproxyUrl, fan.cookie);
      const connectedAt = await eventually(async () => stream?.lastEventId() ?? fail('no position yet'));
      const { url } = await fan.json<{ url: string }>('POST', '/api/checkout', {
        recipientId: creatorId,
        messageContent: SAMPLE_MESSAGE,
      });
      await fan.json('POST', `/api/checkout/local/${url.split('/').pop()}/pay`, {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        name: 'NATS Fan',
      });
      const paid = await stream.next((e) => e.type === 'message');
      const messageId = paid.type === 'message' ? paid.messageId : '';
      // The position the browser keeps: past the paid message (its id may follow the event a moment later).
      const lastSeen = await eventually(async () => {
        const id = stream?.lastEventId();
        return id && id !== connectedAt ? id : fail('the event has no id yet');
      });
      stream.close();
      stream = undefined;

      // Missed while no stream is open, then every instance is replaced.
      const answer = await creator.json<{ messageId: string }>('POST', `/api/messages/${messageId}/reply`, {
        content: REPLY,
      });
      const before = cluster.instances.map((instance) => instance.pid);
      await cluster.roll();
      const after = cluster.instances.map((instance) => instance.pid);
      expect(after).toHaveLength(3);
      for (const pid of after) expect(before).not.toContain(pid);

      // As EventSource does: reconnect through the balancer with the last id; a fresh instance answers.
      stream = await openEventStream(cluster.haproxyUrl, fan.cookie, lastSeen);
      const heard: TRealtimeEvent[] = [];
      for (;;) {
        const event = await stream.next(() => true);
        heard.push(event);
        // On the PostgreSQL bus this is where it ends: no new instance knows the id.
        if (event.type === 'resync') break;
        if (event.type === 'message' && event.messageId === answer.messageId) break;
      }
      expect(heard.map((event) => event.type)).not.toContain('resync');
      expect(heard).toContainEqual(expect.objectContaining({ type: 'message', messageId: answer.messageId }));
    }, 150_000);
  },
);

function fail(message: string): never {
  throw new Error(message);
}

async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
