import { PROFILE_MESSAGES } from '@fanline/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { messages, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * What a name looks like, for comparing names (Unicode TR39 §4 skeleton, decision 0025): NFD, each
 * character mapped to its prototype by unhomoglyph's copy of confusables.txt, NFD again. Taken
 * twice around lower-casing with spaces collapsed, so "MAYA CHEN", "Maya  Chen", "Mаya Chen"
 * (Cyrillic а) and "ManueI" (capital I) all meet the names they imitate, and so do the usernames
 * "rnayastyle" and "mayasty1e" ("m" and "rn" share the prototype "rn", "1" and "l" the prototype "l").
 * Default-ignorable characters (variation selectors, joiners) are removed first (TR39 §4 leaves
 * them to the caller), so "Ma\uFE0Fya Chen" meets "Maya Chen" too (issue 42 F3).
 */
export function nameSkeleton(name: string): string {
  const skeleton = (value: string) => unhomoglyph(value.normalize('NFD')).normalize('NFD');
  const visible = name.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  return skeleton(skeleton(visible).toLowerCase().replace(/\s+/g, ' ').trim());
}

/**
 * The creators whose names others may not imitate (issue 42 F3/F4): every creator who has taken a
 * paid message, and every creator verified through Threads. In production without Threads the first
 * group is what protects anyone. One read per name change; a stored skeleton column would replace it
 * if creators grow to many thousands.
 */
export async function protectedCreators(
  db: Db,
): Promise<{ id: string; username: string; displayName: string | null }[]> {
  const paid = sql`exists (select 1 from ${messages} where ${messages.recipientId} = ${profiles.id} and ${messages.paidAt} is not null)`;
  return db
    .select({ id: profiles.id, username: profiles.username, displayName: profiles.displayName })
    .from(profiles)
    .where(and(eq(profiles.isCreator, true), or(eq(profiles.threadsOnboardingCompleted, true), paid)));
}

/**
 * Security review N4, issue 42 F3: refuses a display name confusable with a protected creator's
 * (another profile's; see `protectedCreators`), with a 400 on the field. The character rules (NFKC, no hidden characters) are in the
 * contract's ZDisplayName; sign-up, Edit Profile and the admin's edit all call this too. A name the
 * profile already has passes, so saving an unrelated field never fails on it.
 */
export async function assertDisplayNameAllowed(db: Db, opts: { name: string; profileId?: string }): Promise<void> {
  const { name, profileId } = opts;
  if (profileId) {
    const [own] = await db
      .select({ displayName: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.id, profileId));
    if (own?.displayName === name) return;
  }
  const skeleton = nameSkeleton(name);
  const creators = await protectedCreators(db);
  const lookalike = creators.some(
    (row) => row.id !== profileId && row.displayName !== null && nameSkeleton(row.displayName) === skeleton,
  );
  if (lookalike) {
    throw new AppError('VALIDATION_FAILED', PROFILE_MESSAGES.displayNameConfusable, {
      displayName: PROFILE_MESSAGES.displayNameConfusable,
    });
  }
}
