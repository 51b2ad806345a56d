import { contentModeration } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { announceAdminActivity } from '../realtime';
import { readSettings } from '../settings';

/**
 * A small blocklist for the auto_moderation setting: taking payment off the platform (which the
 * safety FAQ warns about) and asking for secrets. Whole words, case-insensitive.
 */
export const BLOCKLIST = [
  'wire transfer',
  'western union',
  'gift card',
  'cashapp',
  'cash app',
  'venmo',
  'zelle',
  'paypal me',
  'bitcoin',
  'crypto wallet',
  'your password',
  'card number',
] as const;

const PATTERN = new RegExp(`\\b(${BLOCKLIST.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

export function matchBlocklist(text: string): string | null {
  return PATTERN.exec(text)?.[1]?.toLowerCase().replace(/\s+/g, ' ') ?? null;
}

/**
 * Admin setting auto_moderation: a paid message that matches the blocklist goes into the moderation
 * queue as a pending report (no reporter). The message is still delivered; a moderator decides.
 */
export async function autoFlagMessage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  message: { id: string; content: string },
): Promise<boolean> {
  const { auto_moderation: enabled } = await readSettings(ctx.db, ['auto_moderation']);
  if (!enabled) return false;
  const match = matchBlocklist(message.content);
  if (!match) return false;
  const now = ctx.clock.now();
  await ctx.db.insert(contentModeration).values({
    contentType: 'message',
    contentId: message.id,
    reason: `Auto moderation: matched "${match}"`,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
  await announceAdminActivity(ctx, 'report');
  return true;
}
