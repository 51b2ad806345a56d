import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, profiles } from '../db/schema';
import { reportContent } from '../modules/moderation';
import { DEMO_ACCOUNTS } from './demo-accounts';

/**
 * Content Moderation has something to review on first start: the demo fan reports the reply in
 * their answered showcase conversation (demo-conversations.ts), through the same use case as the
 * Report button. Runs after that seed, on a fresh database only.
 */
export async function seedDemoModeration(app: FastifyInstance): Promise<boolean> {
  const [fan] = await app.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, DEMO_ACCOUNTS.fan.username));
  const [gia] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, 'glowwithgia'));
  if (!fan || !gia) return false;
  const [answered] = await app.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, fan.id), eq(messages.recipientId, gia.id), eq(messages.status, 'responded')));
  if (!answered) return false;
  await reportContent(app, {
    reporterId: fan.id,
    messageId: answered.id,
    report: { target: 'reply', reason: 'Demo report: the reply names products I was not asking about.' },
  });
  return true;
}
