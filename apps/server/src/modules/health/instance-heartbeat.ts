import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../../db/schema';
import type { Db } from '../../platform/db';
import { appCommit, appVersion } from '../../platform/instance';
import { paymentStatus, type ReadinessStatus, readinessOf } from './readiness';

/** How often an instance tells the others (and Admin › System) it is there: one upsert each time. */
export const INSTANCE_HEARTBEAT_MS = 15_000;
/** An instance silent for three beats went away without a goodbye (killed, or cut off from the database). */
export const INSTANCE_GONE_MS = 3 * INSTANCE_HEARTBEAT_MS;
/** Rows not seen for a day are pruned by any instance's beat: the list holds the day's deploys, not every start. */
export const INSTANCE_PRUNE_MS = 24 * 60 * 60 * 1000;

export type InstanceStatus = ReadinessStatus | 'stopped';

export interface InstanceBeat {
  id: string;
  version: string;
  commit: string | null;
  startedAt: Date;
  status: InstanceStatus;
  ready: boolean;
  now: Date;
}

/**
 * One round trip: this instance's row, upserted, and the rows of instances not seen for a day, gone.
 * Its own row is never pruned by itself, whatever the clocks say.
 */
export async function recordInstanceBeat(db: Db, beat: InstanceBeat): Promise<void> {
  const pruneBefore = new Date(beat.now.getTime() - INSTANCE_PRUNE_MS).toISOString();
  const now = beat.now.toISOString();
  await db.execute(sql`
    with pruned as (
      delete from ${instances} where ${instances.lastSeenAt} < ${pruneBefore}::timestamptz and ${instances.id} <> ${beat.id}
    )
    insert into ${instances} (id, version, "commit", started_at, last_seen_at, status, ready)
    values (${beat.id}, ${beat.version}, ${beat.commit}, ${beat.startedAt.toISOString()}::timestamptz, ${now}::timestamptz, ${beat.status}, ${beat.ready})
    on conflict (id) do update set
      version = excluded.version, "commit" = excluded."commit", started_at = excluded.started_at,
      last_seen_at = excluded.last_seen_at, status = excluded.status, ready = excluded.ready`);
}

export interface SeenInstance {
  id: string;
  version: string;
  commit: string | null;
  startedAt: Date;
  lastSeenAt: Date;
  status: InstanceStatus;
  ready: boolean;
  /** Not heard from for INSTANCE_GONE_MS and not stopped cleanly: killed, or cut off from the database. */
  gone: boolean;
}

/** Every instance seen in the last day, by id (Admin › System). */
export async function listSeenInstances(db: Db, now: Date): Promise<SeenInstance[]> {
  const rows = await db.select().from(instances).orderBy(asc(instances.id));
  const goneBefore = now.getTime() - INSTANCE_GONE_MS;
  return rows.map((row) => {
    const status = row.status as InstanceStatus;
    const gone = status !== 'stopped' && row.lastSeenAt.getTime() < goneBefore;
    return { ...row, status, ready: row.ready && !gone && status !== 'stopped', gone };
  });
}

/**
 * The instance heartbeat (issue 40, decision 0064): a beat when the app is ready, every
 * INSTANCE_HEARTBEAT_MS after, one when draining begins and a last one ('stopped') as it closes,
 * each with what its readiness says. A failed beat only logs: the row then ages into "gone". Beats
 * run one after another, so a slow timer beat never lands after the goodbye.
 */
export function registerInstanceHeartbeat(app: FastifyInstance): void {
  let startedAt: Date | undefined;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  const beat = (stopped = false) => {
    queue = queue.then(async () => {
      const now = app.clock.now();
      startedAt ??= now;
      // The write itself is the database check: a beat that lands was written with the database up.
      const { status, ready } = readinessOf({
        draining: app.drain.active,
        databaseUp: true,
        paymentsUp: paymentStatus(app).status === 'up',
      });
      await recordInstanceBeat(app.db, {
        id: app.config.instanceId,
        version: appVersion,
        commit: appCommit,
        startedAt,
        status: stopped ? 'stopped' : status,
        ready: stopped ? false : ready,
        now,
      }).catch((error: unknown) => app.log.warn({ err: error }, 'instance heartbeat: could not record this instance'));
    });
    return queue;
  };
  app.addHook('onReady', async () => {
    await beat();
    timer = setInterval(() => void beat(), INSTANCE_HEARTBEAT_MS);
    timer.unref();
  });
  app.drain.onDrain(() => void beat());
  app.addHook('preClose', async () => {
    clearInterval(timer);
    if (!startedAt) return;
    // The goodbye waits at most 2 s: a database that does not answer must not eat the shutdown's grace
    // (the row then ages into "Not seen", which is what happened).
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([beat(true), new Promise((resolve) => (giveUp = setTimeout(resolve, 2000)))]);
    clearTimeout(giveUp);
  });
}
