import { type SQL, sql } from 'drizzle-orm';
import { outbox, outboxPrunedKeys } from '../../db/schema';
import type { Db } from '../../platform/db';
import { placeholders } from '../../platform/prepared';
import { currentTraceparent } from '../../platform/tracing';

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
  /** The version of the kind's payload (its registry definition's); 1 when absent. */
  version?: number;
}

/** True unless `key` names an effect that ran and was pruned since (decision 0039): a late duplicate. */
const notPruned = (key: SQL) =>
  sql`not exists (select 1 from ${outboxPrunedKeys} where ${sql.identifier(outboxPrunedKeys.key.name)} = ${key})`;

/**
 * Writes effects in the caller's transaction: they exist exactly when the change commits, and never for
 * one that rolls back. Returns their keys, for `runOutbox({ keys })` to carry them out as soon as the
 * transaction has committed.
 */
export async function enqueueEffects(tx: Db, effects: readonly Effect[], now: Date): Promise<string[]> {
  if (effects.length === 0) return [];
  const rows = effects.map(
    (effect) =>
      sql`(${effect.kind}::text, ${effect.key}::text, ${JSON.stringify(effect.payload)}::jsonb,
        ${effect.orderingKey ?? null}::text, ${effect.after ?? null}::text, ${effect.version ?? 1}::int)`,
  );
  const at = now.toISOString();
  // Null unless tracing is on and a span is active (decision 0061): the effect joins its writer's trace.
  const traceContext = currentTraceparent();
  // A key that is still a row is skipped by ON CONFLICT; one whose row was pruned, by its kept key.
  await tx.execute(sql`
    insert into ${outbox} (kind, key, payload, ordering_key, after_key, version, run_at, created_at, trace_context)
    select v.kind, v.key, v.payload, v.ordering_key, v.after_key, v.version, ${at}::timestamptz, ${at}::timestamptz,
      ${traceContext}::text
    from (values ${sql.join(rows, sql`, `)}) as v(kind, key, payload, ordering_key, after_key, version)
    where ${notPruned(sql`v.key`)}
    on conflict (key) do nothing`);
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
        ${typed(`version${i}`, outbox.version)}, ${typed('now', outbox.runAt)}, ${typed('now', outbox.createdAt)},
        ${typed('traceContext', outbox.traceContext)}
        where ${when} and ${notPruned(typed(`key${i}`, outbox.key))}`,
  );
  const columns = [
    outbox.kind,
    outbox.key,
    outbox.payload,
    outbox.orderingKey,
    outbox.afterKey,
    outbox.version,
    outbox.runAt,
    outbox.createdAt,
    outbox.traceContext,
  ].map((column) => sql.identifier(column.name));
  return {
    sql: sql`insert into ${outbox} (${sql.join(columns, sql`, `)}) ${sql.join(rows, sql` union all `)}
      on conflict (${sql.identifier(outbox.key.name)}) do nothing`,
    fill(effects: readonly Effect[], now: Date) {
      if (effects.length !== count) throw new Error(`effects part for ${count} effects given ${effects.length}`);
      const values: Record<string, unknown> = { now: now.toISOString(), traceContext: currentTraceparent() };
      for (const [i, effect] of effects.entries()) {
        values[`kind${i}`] = effect.kind;
        values[`key${i}`] = effect.key;
        values[`payload${i}`] = JSON.stringify(effect.payload);
        values[`orderingKey${i}`] = effect.orderingKey ?? null;
        values[`after${i}`] = effect.after ?? null;
        values[`version${i}`] = effect.version ?? 1;
      }
      return { keys: effects.map((effect) => effect.key), values: fill(values) };
    },
  };
}
