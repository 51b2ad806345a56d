import { type SQL, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../platform/db';
import { placeholders } from '../../platform/prepared';

/**
 * One effect that must follow a committed change (decision 0022). `key` names it once and for all:
 * writing the same key again (a retried request, a reconciler noticing the same work) is the same row.
 * Effects with the same `orderingKey` (a payment's id) run one after the other in the order they were
 * written; `after` names the key of one effect that must have run first (a mail after the money moved).
 */
export interface Effect<K extends string = string, P = unknown> {
  kind: K;
  key: string;
  payload: P;
  orderingKey?: string | null;
  after?: string | null;
}

/**
 * Writes effects in the caller's transaction: they exist exactly when the change commits, and never for
 * one that rolls back. Returns their keys, for `runOutbox({ keys })` to carry them out as soon as the
 * transaction has committed.
 */
export async function enqueueEffects(tx: Db, effects: readonly Effect[], now: Date): Promise<string[]> {
  if (effects.length === 0) return [];
  await tx
    .insert(outbox)
    .values(
      effects.map((effect) => ({
        kind: effect.kind,
        key: effect.key,
        payload: effect.payload,
        orderingKey: effect.orderingKey ?? null,
        afterKey: effect.after ?? null,
        runAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: outbox.key });
  return effects.map((effect) => effect.key);
}

/**
 * The same write as a part of a caller's one statement (the paid message's, payments'
 * confirm-statements.ts): `count` effects inserted only `when` the caller's condition holds, rendered
 * once with placeholders under `prefix`. `fill` gives the values of these effects and their keys.
 */
export function effectsPart(prefix: string, count: number, when: SQL = sql`true`) {
  const { typed, fill } = placeholders(prefix);
  const rows = Array.from(
    { length: count },
    (_, i) =>
      sql`select ${typed(`kind${i}`, outbox.kind)}, ${typed(`key${i}`, outbox.key)}, ${typed(`payload${i}`, outbox.payload)},
        ${typed(`orderingKey${i}`, outbox.orderingKey)}, ${typed(`after${i}`, outbox.afterKey)},
        ${typed('now', outbox.runAt)}, ${typed('now', outbox.createdAt)} where ${when}`,
  );
  const columns = [
    outbox.kind,
    outbox.key,
    outbox.payload,
    outbox.orderingKey,
    outbox.afterKey,
    outbox.runAt,
    outbox.createdAt,
  ].map((column) => sql.identifier(column.name));
  return {
    sql: sql`insert into ${outbox} (${sql.join(columns, sql`, `)}) ${sql.join(rows, sql` union all `)}
      on conflict (${sql.identifier(outbox.key.name)}) do nothing`,
    fill(effects: readonly Effect[], now: Date) {
      if (effects.length !== count) throw new Error(`effects part for ${count} effects given ${effects.length}`);
      const values: Record<string, unknown> = { now: now.toISOString() };
      for (const [i, effect] of effects.entries()) {
        values[`kind${i}`] = effect.kind;
        values[`key${i}`] = effect.key;
        values[`payload${i}`] = JSON.stringify(effect.payload);
        values[`orderingKey${i}`] = effect.orderingKey ?? null;
        values[`after${i}`] = effect.after ?? null;
      }
      return { keys: effects.map((effect) => effect.key), values: fill(values) };
    },
  };
}
