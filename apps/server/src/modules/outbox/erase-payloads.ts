import { sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../platform/db';
import { mentionsAny, withNamesReplaced } from '../../platform/erase-text';

/**
 * Erasure (decision 0058): effect payloads that carry a person's name as text (a push's title, "Ana
 * replied") name a pseudonym instead, whether the effect has run (the record keeps it until pruned) or
 * still waits. Ids, amounts and keys are left as they are.
 */
export async function eraseFromPayloads(
  tx: Db,
  opts: { names: Array<string | null | undefined>; replacement: string },
): Promise<void> {
  const text = sql`${outbox.payload}::text`;
  await tx
    .update(outbox)
    .set({ payload: sql`${withNamesReplaced(text, opts.names, opts.replacement)}::jsonb` })
    .where(mentionsAny(text, opts.names));
}
