import { AUTH_MESSAGES, PROFILE_MESSAGES, RESERVED_USERNAMES, STAFF_WORDS, ZUsername } from '@fanline/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { nameSkeleton, protectedCreators } from './display-name';
import { heldFor } from './username-availability';

/**
 * The one username rule (issue 35 deliverable 1, issue 42 F4), used by sign-up, Edit Profile, Threads
 * verification, the availability check and the admin's rename. It applies, in this order:
 * - `invalid`: not the contract's ZUsername shape (a-z, 0-9, _, 3–30, at least one letter or digit;
 *   the web's forms and the routes' schemas use the same, so a request seldom gets this far with one);
 * - `reserved`: an app route (RESERVED_USERNAMES) or a staff word (STAFF_WORDS) at the start of the
 *   name or of an underscore-separated part, `fanline` anywhere, or a lookalike of any of these;
 * - `taken`: another profile has it in any letter case, or it is held for someone who renamed away
 *   from it within the hold period;
 * - `lookalike`: its TR39 skeleton equals a protected creator's username's (`rnayastyle` and
 *   `mayasty1e` for `mayastyle`; protected: see `protectedCreators`).
 * The name the profile already has always passes, so saving another field never fails on it.
 */
export type TUsernameProblem = 'invalid' | 'reserved' | 'taken' | 'lookalike';

const staffSkeletons = STAFF_WORDS.map((word) => nameSkeleton(word));
const reservedSkeletons = new Set([...RESERVED_USERNAMES].map((word) => nameSkeleton(word)));
const brandSkeleton = nameSkeleton('fanline');

/** Whether a name is an app route or a staff word, or looks like one (needs no database). */
export function isReservedUsername(username: string): boolean {
  const name = username.toLowerCase();
  if (RESERVED_USERNAMES.has(name)) return true;
  const skeleton = nameSkeleton(name);
  if (reservedSkeletons.has(skeleton) || skeleton.includes(brandSkeleton)) return true;
  return skeleton.split('_').some((part) => staffSkeletons.some((word) => part.startsWith(word)));
}

export async function usernameProblem(
  db: Db,
  username: string,
  opts: { profileId?: string; now?: Date } = {},
): Promise<TUsernameProblem | null> {
  const name = username.toLowerCase();
  const { profileId, now } = opts;
  if (profileId) {
    const [own] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, profileId));
    if (own?.username.toLowerCase() === name) return null;
  }
  // Letter case is no part of the rule, as for taken names: `Maya` is judged as `maya`.
  if (!ZUsername.safeParse(name).success) return 'invalid';
  if (isReservedUsername(name)) return 'reserved';
  const taken = sql`lower(${profiles.username}) = ${name}`;
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(profileId ? and(taken, ne(profiles.id, profileId)) : taken)
    .limit(1);
  if (row || (await heldFor(db, name, now, profileId))) return 'taken';
  const skeleton = nameSkeleton(name);
  const creators = await protectedCreators(db);
  if (creators.some((c) => c.id !== profileId && nameSkeleton(c.username) === skeleton)) return 'lookalike';
  return null;
}

/** Free for this profile (or a new one): no problem at all. */
export async function isUsernameAvailable(
  db: Db,
  username: string,
  exceptUserId?: string,
  now?: Date,
): Promise<boolean> {
  return (await usernameProblem(db, username, { profileId: exceptUserId, now })) === null;
}

/** Throws the 409 the user sees for a username that breaks the rule, naming the field. */
export async function assertUsernameAllowed(
  db: Db,
  opts: { username: string; profileId?: string; now?: Date },
): Promise<void> {
  const problem = await usernameProblem(db, opts.username, opts);
  if (!problem) return;
  if (problem === 'invalid') {
    const message = ZUsername.safeParse(opts.username.toLowerCase()).error?.issues[0]?.message ?? 'Invalid username.';
    throw new AppError('VALIDATION_FAILED', message, { username: message });
  }
  // A reserved name is taken by the app itself: the same answer as a taken one (spec §8).
  if (problem === 'lookalike') {
    throw new AppError('USERNAME_TAKEN', PROFILE_MESSAGES.usernameConfusable, {
      username: PROFILE_MESSAGES.usernameConfusable,
    });
  }
  throw new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTakenServer, {
    username: AUTH_MESSAGES.usernameTakenHint,
  });
}
