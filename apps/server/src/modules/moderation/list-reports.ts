import {
  MODERATION_PREVIEW_LENGTH,
  NOT_AN_ANSWER_KIND,
  type TAdminPageQuery,
  type TModerationFilter,
  type ZModerationResponse,
} from '@fanline/contracts';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { contentModeration, messages, profiles, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { readPage, windowTotal } from '../../platform/paging';

const reporter = alias(profiles, 'reporter');
const author = alias(profiles, 'author');

export const preview = (text: string | null) =>
  text === null
    ? 'Content not available'
    : text.length > MODERATION_PREVIEW_LENGTH
      ? `${text.slice(0, MODERATION_PREVIEW_LENGTH)}...`
      : text;

/**
 * spec §2 Moderation: stats, search (reason, reported text, reporter or author), filters, a page at a time (decision 0028).
 * The reported text and its author come from the message in the same query (no per-item lookups);
 * a reply's author is the message's recipient.
 */
export async function listReports(
  db: Db,
  opts: TAdminPageQuery & { search?: string; filter: TModerationFilter },
): Promise<z.output<typeof ZModerationResponse>> {
  // A "not an answer" flag is about the reply too; its paid message is shown beside it (decision 0016).
  const isReply = sql`${contentModeration.contentType} in ('reply', ${NOT_AN_ANSWER_KIND})`;
  const isFlag = sql`${contentModeration.contentType} = ${NOT_AN_ANSWER_KIND}`;
  const content = sql<
    string | null
  >`case when ${isReply} then ${messages.responseContent} else ${messages.content} end`;
  const where: SQL[] = [];
  if (opts.filter !== 'all') where.push(eq(contentModeration.status, opts.filter));
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(contentModeration.reason, like),
      sql`${content} ilike ${like}`,
      ilike(reporter.username, like),
      ilike(reporter.displayName, like),
      ilike(author.username, like),
      ilike(author.displayName, like),
    );
    if (match) where.push(match);
  }
  const { rows, page } = await readPage(opts, (limit, offset) =>
    db
      .select({
        id: contentModeration.id,
        contentType: contentModeration.contentType,
        contentId: contentModeration.contentId,
        content,
        question: sql<string | null>`case when ${isFlag} then ${messages.content} else null end`,
        reason: contentModeration.reason,
        status: contentModeration.status,
        moderatorNotes: contentModeration.moderatorNotes,
        reporterId: reporter.id,
        reporterUsername: reporter.username,
        reporterName: reporter.displayName,
        authorId: author.id,
        authorUsername: author.username,
        authorName: author.displayName,
        moderatorEmail: users.email,
        createdAt: contentModeration.createdAt,
        updatedAt: contentModeration.updatedAt,
        total: windowTotal(),
      })
      .from(contentModeration)
      .leftJoin(messages, eq(messages.id, contentModeration.contentId))
      .leftJoin(reporter, eq(reporter.id, contentModeration.reportedBy))
      .leftJoin(
        author,
        eq(author.id, sql`case when ${isReply} then ${messages.recipientId} else ${messages.senderId} end`),
      )
      .leftJoin(users, eq(users.id, contentModeration.moderatorId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(contentModeration.createdAt), desc(contentModeration.id))
      .limit(limit)
      .offset(offset),
  );

  const [stats] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${contentModeration.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${contentModeration.status} = 'approved')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${contentModeration.status} = 'rejected')`.mapWith(Number),
    })
    .from(contentModeration);

  const person = (id: string | null, username: string | null, displayName: string | null) =>
    id && username ? { id, username, displayName } : null;
  return {
    items: rows.map((r) => ({
      id: r.id,
      contentType: r.contentType,
      contentId: r.contentId,
      content: r.content,
      question: r.question,
      preview: preview(r.content),
      reason: r.reason,
      status: r.status as 'pending' | 'approved' | 'rejected',
      moderatorNotes: r.moderatorNotes,
      reporter: person(r.reporterId, r.reporterUsername, r.reporterName),
      reportedUser: person(r.authorId, r.authorUsername, r.authorName),
      moderatorEmail: r.moderatorEmail,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })),
    ...page,
    stats: {
      total: stats?.total ?? 0,
      pending: stats?.pending ?? 0,
      approved: stats?.approved ?? 0,
      rejected: stats?.rejected ?? 0,
    },
  };
}
