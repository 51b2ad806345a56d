import type { TAdminPageQuery, TSupportFilter, ZSupportResponse } from '@fanline/contracts';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { contactMessages, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { readPage, windowTotal } from '../../platform/paging';

/** The admin support inbox: stats, search (name, email, subject, text), Open/Handled, a page at a time (decision 0028), newest first. */
export async function listContactMessages(
  db: Db,
  opts: TAdminPageQuery & { search?: string; filter: TSupportFilter },
): Promise<z.output<typeof ZSupportResponse>> {
  const where: SQL[] = [];
  if (opts.filter !== 'all') where.push(eq(contactMessages.status, opts.filter));
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(contactMessages.name, like),
      ilike(contactMessages.email, like),
      ilike(contactMessages.subject, like),
      ilike(contactMessages.message, like),
    );
    if (match) where.push(match);
  }
  const { rows, page } = await readPage(opts, (limit, offset) =>
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        status: contactMessages.status,
        handledByEmail: users.email,
        handledAt: contactMessages.handledAt,
        createdAt: contactMessages.createdAt,
        total: windowTotal(),
      })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledBy))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
  );

  const [stats] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${contactMessages.status} = 'open')`.mapWith(Number),
      handled: sql<number>`count(*) filter (where ${contactMessages.status} = 'handled')`.mapWith(Number),
    })
    .from(contactMessages);

  return {
    items: rows.map((r) => ({ ...r, status: r.status === 'handled' ? 'handled' : 'open' })),
    ...page,
    stats: { total: stats?.total ?? 0, open: stats?.open ?? 0, handled: stats?.handled ?? 0 },
  };
}
