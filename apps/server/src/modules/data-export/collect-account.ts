import { desc, eq, inArray } from 'drizzle-orm';
import { creatorBlocks, creatorCapacity, payoutAccounts, profiles, userPresence, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { publicKeyOfUrl } from '../../platform/storage';
import { getNotificationPreferences } from '../notifications';
import type { TDataExportDocument } from './export-document';

/** A file of the owner's to copy from storage into the zip, at `path`. */
export interface ExportFile {
  key: string;
  path: string;
  kind: 'avatar' | 'cover' | 'portfolio' | 'attachment';
}

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Another person as the owner saw them: username and display name only (never the email, decision 0057). */
export async function partiesOf(ctx: Pick<AppContext, 'db'>, ids: Iterable<string>) {
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await ctx.db
          .select({ id: profiles.id, username: profiles.username, displayName: profiles.displayName })
          .from(profiles)
          .where(inArray(profiles.id, unique));
  const byId = new Map(rows.map((row) => [row.id, { username: row.username, displayName: row.displayName }]));
  return (id: string) => byId.get(id) ?? { username: '(deleted account)', displayName: null };
}

/** The owner's account, profile images and settings (the sizes of files are filled in when zipped). */
export async function collectAccount(ctx: Pick<AppContext, 'db'>, userId: string) {
  const [row] = await ctx.db
    .select({
      user: users,
      profile: profiles,
      lastActiveAt: userPresence.lastActiveAt,
      payout: payoutAccounts,
      capacity: creatorCapacity,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userPresence, eq(userPresence.userId, users.id))
    // Payments' payout account and care's capacity (decision 0071): no row, the defaults.
    .leftJoin(payoutAccounts, eq(payoutAccounts.creatorId, users.id))
    .leftJoin(creatorCapacity, eq(creatorCapacity.creatorId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { user, profile, lastActiveAt, payout, capacity } = row;
  const files: ExportFile[] = [];
  const fileOf = (url: string | null, kind: ExportFile['kind'], index = 0) => {
    const key = publicKeyOfUrl(url);
    if (!key) return null;
    const name = key.split('/').pop() ?? `${kind}-${index}`;
    const path = `files/profile/${kind}-${index}-${name}`;
    files.push({ key, path, kind });
    return { path, bytes: 0 };
  };
  const avatar = fileOf(profile.avatarUrl, 'avatar');
  const cover = fileOf(profile.coverUrl, 'cover');
  const portfolio = profile.portfolioImages
    .map((url, index) => fileOf(url, 'portfolio', index))
    .filter((file) => file !== null);

  const preferences = await getNotificationPreferences(ctx, { userId });
  let creator: TDataExportDocument['settings']['creator'] = null;
  if (profile.isCreator) {
    const blocks = await ctx.db
      .select({ fanId: creatorBlocks.fanId, createdAt: creatorBlocks.createdAt })
      .from(creatorBlocks)
      .where(eq(creatorBlocks.creatorId, userId))
      .orderBy(desc(creatorBlocks.createdAt));
    const party = await partiesOf(
      ctx,
      blocks.map((block) => block.fanId),
    );
    creator = {
      messagePriceCents: profile.messagePrice,
      isAvailable: profile.isAvailable,
      maxOpenMessages: capacity?.maxOpenMessages ?? null,
      dailyMessageCap: capacity?.dailyMessageCap ?? null,
      vacationUntil: isoOrNull(capacity?.vacationUntil),
      payoutAccount: { connected: Boolean(payout?.stripeAccountId), state: payout?.state ?? null },
      blockedFans: blocks.map((block) => ({ fan: party(block.fanId), blockedAt: iso(block.createdAt) })),
    };
  }

  const account: TDataExportDocument['account'] = {
    id: user.id,
    email: user.email,
    emailConfirmedAt: isoOrNull(user.emailVerifiedAt),
    createdAt: iso(user.createdAt),
    role: profile.isCreator ? 'creator' : 'fan',
    username: profile.username,
    displayName: profile.displayName,
    bio: profile.bio,
    avatar,
    cover,
    portfolio,
    categories: profile.disciplines,
    threadsUsername: profile.threadsUsername,
    verifiedOnThreads: profile.instagramVerified,
    timeZone: profile.timeZone,
    lastActiveAt: isoOrNull(lastActiveAt),
  };
  const settings: TDataExportDocument['settings'] = {
    notificationPreferences: {
      email: preferences.email,
      push: preferences.push,
      reminders: preferences.reminders,
      emailKinds: preferences.emailKinds,
    },
    creator,
  };
  return { account, settings, files };
}
