import { sql } from 'drizzle-orm';
import { adminAuditLog } from '../../db/schema';
import type { Db } from '../../platform/db';
import { mentionsAny, withNamesReplaced } from '../../platform/erase-text';

/**
 * Erasure (decision 0058): audit rows keep who changed what and when, but the before/after values no
 * longer carry the person's address or names (an admin's rename kept both).
 */
export async function eraseFromAudit(
  tx: Db,
  opts: { names: Array<string | null | undefined>; replacement: string },
): Promise<void> {
  const before = sql`${adminAuditLog.before}::text`;
  const after = sql`${adminAuditLog.after}::text`;
  await tx
    .update(adminAuditLog)
    .set({
      before: sql`${withNamesReplaced(before, opts.names, opts.replacement)}::jsonb`,
      after: sql`${withNamesReplaced(after, opts.names, opts.replacement)}::jsonb`,
    })
    .where(sql`(${mentionsAny(before, opts.names)}) or (${mentionsAny(after, opts.names)})`);
}
