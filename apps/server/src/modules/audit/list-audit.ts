import type { TAdminPageQuery } from '@fanline/contracts';
import { desc, eq } from 'drizzle-orm';
import { adminAuditLog, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { readPage, windowTotal } from '../../platform/paging';

/** The admin changes newest first, a page at a time (the dashboard reads the first five; decision 0028). */
export async function listAudit(db: Db, query: TAdminPageQuery) {
  const { rows, page } = await readPage(query, (limit, offset) =>
    db
      .select({
        id: adminAuditLog.id,
        adminEmail: users.email,
        action: adminAuditLog.action,
        targetType: adminAuditLog.targetType,
        targetId: adminAuditLog.targetId,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
        createdAt: adminAuditLog.createdAt,
        total: windowTotal(),
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.adminId))
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(limit)
      .offset(offset),
  );
  return { entries: rows, ...page };
}
