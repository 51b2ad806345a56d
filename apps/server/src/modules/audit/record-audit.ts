import { adminAuditLog } from '../../db/schema';
import type { Db } from '../../platform/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One audit row per admin change, written in the change's own transaction (ARCHITECTURE §8). */
export async function recordAudit(
  tx: Db | Tx,
  entry: {
    adminId: string;
    action: string;
    targetType: string;
    targetId?: string;
    before?: unknown;
    after?: unknown;
    now: Date;
  },
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.now,
  });
}
