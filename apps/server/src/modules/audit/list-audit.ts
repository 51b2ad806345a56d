import { desc, eq } from 'drizzle-orm';
import { adminAuditLog, users } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The newest admin changes, for the dashboard. */
export async function listAudit(db: Db, limit: number) {
  return db
    .select({
      id: adminAuditLog.id,
      adminEmail: users.email,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(limit);
}
