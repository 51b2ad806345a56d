import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Issue 39 (decision 0067): the browse cache empties only when a use case that changed a card says so
 * (`announceCardChange`). This reads every production file that writes a table a card or the landing
 * reads (profiles, creator_stats, creator_capacity, reviews, user_presence, messages) and fails on a writer
 * nobody has looked at: each is listed below with the files that announce its change after their commit,
 * or why it changes no card. card-announcements.int.test.ts shows the announcements work, one row per kind of change.
 */
// creator_capacity: the card's pause note (decision 0071; columns of profiles before).
const CARD_TABLES = ['profiles', 'creatorStats', 'creatorCapacity', 'reviews', 'userPresence', 'messages'] as const;
const SQL_NAMES: Record<string, (typeof CARD_TABLES)[number]> = {
  profiles: 'profiles',
  creator_stats: 'creatorStats',
  creator_capacity: 'creatorCapacity',
  reviews: 'reviews',
  user_presence: 'userPresence',
  messages: 'messages',
};

const FLOWS_ENDING_MESSAGES = [
  'flows/decline-conversation.ts',
  'flows/block-fan.ts',
  'flows/close-account.ts',
  'flows/erase-accounts.ts',
];

/** Writer file → the files that call announceCardChange for its changes, or why none is needed. */
const WRITERS: Record<string, { announcedBy: string[] } | { neutral: string }> = {
  'modules/care/capacity-settings.ts': {
    // updateCapacity announces; forgetCapacity runs in the erasure flow, which announces.
    announcedBy: ['modules/care/capacity-settings.ts', 'flows/erase-accounts.ts'],
  },
  'modules/messages/cancel-pending-message.ts': { neutral: 'a pending message was never counted anywhere' },
  'modules/messages/claim-due-messages.ts': { announcedBy: ['flows/expire-messages.ts'] },
  'modules/messages/create-pending-message.ts': { neutral: 'pending: invisible, counted nowhere' },
  'modules/messages/end-open-messages.ts': { announcedBy: FLOWS_ENDING_MESSAGES },
  'modules/messages/record-answer.ts': { announcedBy: ['flows/answer-conversation.ts'] },
  'modules/messages/start-response-window.ts': { announcedBy: ['flows/pay-a-message/confirm-authorization.ts'] },
  'modules/presence/erase-presence.ts': { announcedBy: ['flows/erase-accounts.ts'] },
  'modules/presence/update-user-activity.ts': { announcedBy: ['modules/presence/update-user-activity.ts'] },
  'modules/profiles/avatar-from-picture.ts': { announcedBy: ['modules/profiles/avatar-from-picture.ts'] },
  'modules/profiles/change-profile-as-admin.ts': { announcedBy: ['admin/update-user.ts'] },
  'modules/profiles/close-profile.ts': { announcedBy: ['flows/close-account.ts', 'flows/erase-accounts.ts'] },
  'modules/profiles/create-profile.ts': {
    neutral:
      "a new profile: sign-up's is not a creator (profile-from-signup.ts), demo data and test factories are written before anything is cached; is_admin and admin_role, which no card shows",
  },
  'modules/profiles/creator-setup.ts': { neutral: 'link_shared_at only, updated_at untouched' },
  'modules/profiles/mark-profile-updated.ts': {
    // updated_at orders "Recently Active": every caller announces once its save is committed.
    announcedBy: [
      'modules/care/capacity-settings.ts',
      'modules/payments/payout-account.ts',
      'modules/profiles/routes.ts',
    ],
  },
  'modules/profiles/mark-sender-onboarded.ts': { neutral: 'sender_onboarded_at only, updated_at untouched' },
  'modules/profiles/record-verified-creator.ts': {
    announcedBy: ['modules/verification/apply-creator-onboarding.ts', 'modules/verification/skip-verification.ts'],
  },
  'modules/profiles/update-profile.ts': { announcedBy: ['modules/profiles/update-profile.ts'] },
  'modules/profiles/upload-avatar.ts': { announcedBy: ['modules/profiles/upload-avatar.ts'] },
  'modules/profiles/upload-creator-image.ts': { announcedBy: ['modules/profiles/upload-creator-image.ts'] },
  'modules/reviews/create-review.ts': { announcedBy: ['modules/reviews/create-review.ts'] },
  'modules/reviews/delete-review.ts': { announcedBy: ['modules/reviews/delete-review.ts'] },
  'modules/reviews/refresh-creator-rating.ts': {
    announcedBy: [
      'modules/reviews/create-review.ts',
      'modules/reviews/update-review.ts',
      'modules/reviews/delete-review.ts',
    ],
  },
  // The response figures messages computes (messages/response-rate.ts, decision 0072).
  'modules/reviews/record-response-figures.ts': {
    announcedBy: ['flows/answer-conversation.ts', 'flows/expire-messages.ts', ...FLOWS_ENDING_MESSAGES],
  },
  'modules/reviews/respond-to-review.ts': {
    neutral: "the creator's answer shows on the profile, not on a card or quote",
  },
  'modules/reviews/update-review.ts': { announcedBy: ['modules/reviews/update-review.ts'] },
};

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['testing', 'migrations', 'demo'].includes(entry.name) ? [] : productionFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Whether a source writes one of the card tables: drizzle's insert/update/delete, or raw SQL. */
function writesCardTable(source: string): boolean {
  for (const m of source.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z]+)\s*\)/g))
    if ((CARD_TABLES as readonly string[]).includes(m[1] ?? '')) return true;
  for (const m of source.matchAll(/(?:insert\s+into|update|delete\s+from)\s+\$\{\s*([A-Za-z]+)\s*\}/gi))
    if ((CARD_TABLES as readonly string[]).includes(m[1] ?? '')) return true;
  for (const m of source.matchAll(/(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?\s/g))
    if (SQL_NAMES[m[1] ?? '']) return true;
  return false;
}

describe('every writer of what a creator card shows is accounted for (issue 39)', () => {
  const writers = productionFiles(SRC)
    .filter((file) => writesCardTable(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file));

  test('no writer is unlisted, and no listed file has stopped writing', () => {
    expect(writers.filter((file) => !(file in WRITERS))).toEqual([]);
    expect(Object.keys(WRITERS).filter((file) => !writers.includes(file))).toEqual([]);
  });

  test('the files named as announcing do announce', () => {
    const silent = Object.entries(WRITERS).flatMap(([writer, rule]) =>
      'announcedBy' in rule
        ? rule.announcedBy
            .filter((file) => !fs.readFileSync(path.join(SRC, file), 'utf8').includes('announceCardChange('))
            .map((file) => `${file} (for ${writer})`)
        : [],
    );
    expect(silent).toEqual([]);
  });

  test('the scan sees a write when there is one', () => {
    expect(writesCardTable('await tx.update(profiles).set({})')).toBe(true);
    expect(writesCardTable('sql`update profiles set rating = 5`')).toBe(true);
    expect(writesCardTable('sql`insert into user_presence (user_id) values (1)`')).toBe(true);
    expect(writesCardTable('await tx.select().from(profiles)')).toBe(false);
  });
});
