import { PROFILE_MESSAGES } from '@fanline/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * What a name looks like, for comparing names (Unicode TR39 §4 skeleton, decision 0025): NFD, each
 * character mapped to its prototype by unhomoglyph's copy of confusables.txt, NFD again. Taken
 * twice around lower-casing with spaces collapsed, so "MAYA CHEN", "Maya  Chen", "Mаya Chen"
 * (Cyrillic а) and "ManueI" (capital I) all meet the names they imitate.
 */
export function nameSkeleton(name: string): string {
  const skeleton = (value: string) => unhomoglyph(value.normalize('NFD')).normalize('NFD');
  return skeleton(skeleton(name.normalize('NFKC')).toLowerCase().replace(/\s+/g, ' ').trim());
}

/**
 * Security review N4: refuses a display name confusable with a verified creator's (another
 * profile's), with a 400 on the field. The character rules (NFKC, no hidden characters) are in the
 * contract's ZDisplayName; sign-up, Edit Profile and the admin's edit all call this too. A name the
 * profile already has passes, so saving an unrelated field never fails on it.
 */
export async function assertDisplayNameAllowed(db: Db, opts: { name: string; profileId?: string }): Promise<void> {
  const { name, profileId } = opts;
  const verified = await db
    .select({ id: profiles.id, displayName: profiles.displayName })
    .from(profiles)
    .where(
      and(eq(profiles.isCreator, true), eq(profiles.threadsOnboardingCompleted, true), isNotNull(profiles.displayName)),
    );
  if (profileId) {
    const [own] = await db
      .select({ displayName: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.id, profileId));
    if (own?.displayName === name) return;
  }
  const skeleton = nameSkeleton(name);
  const lookalike = verified.some((row) => row.id !== profileId && nameSkeleton(row.displayName ?? '') === skeleton);
  if (lookalike) {
    throw new AppError('VALIDATION_FAILED', PROFILE_MESSAGES.displayNameConfusable, {
      displayName: PROFILE_MESSAGES.displayNameConfusable,
    });
  }
}
