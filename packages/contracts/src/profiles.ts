import { z } from 'zod';
import { ZText, ZTimestamp } from './common';
import { PROFILE_MESSAGES } from './copy';
import { ZBrowseCreator } from './creators';
import { LIMITS } from './limits';

// modules/profiles: the signed-in user, usernames and display names, Edit Profile, creator pricing and the public profile.

/** spec §5: the username input is lowercased and stripped to a-z, 0-9 and underscore. */
export function normalizeUsername(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_]/g, '');
}

/**
 * The one username shape (issue 35, issue 42 F4): sign-up, Edit Profile, verification and the admin's
 * edit all use it. Lowercase letters, digits and underscores, with at least one letter or digit. What
 * the shape cannot see (reserved and staff words, names held after a rename, names taken or looking
 * like a protected creator's) the server checks in modules/profiles/username-rules.ts.
 */
export const ZUsername = ZText.trim()
  .min(LIMITS.username.min, `Username must be at least ${LIMITS.username.min} characters.`)
  .max(LIMITS.username.max, `Username must be at most ${LIMITS.username.max} characters.`)
  .regex(/^[a-z0-9_]+$/, 'Use only lowercase letters, numbers and underscores.')
  .regex(/[a-z0-9]/, PROFILE_MESSAGES.usernameNeedsLetter);

// Characters that change how a name looks without being seen (security review N4): controls, format
// characters (zero-width space and joiners, bidi marks, overrides and isolates, tags), line and
// paragraph separators, and the other default-ignorable code points (fillers, the invisible
// operators); and (issue 42 F3 / N9) characters that draw nothing: the Braille blank U+2800, spaces
// other than the plain one (NFKC has already turned the compatibility spaces into it), the object
// replacement character. A variation selector stays only where it picks an emoji's presentation:
// right after a pictograph (❤️) or in a keycap (1️⃣); a zero-width joiner only between two emoji (👩‍💻).
// The first pass removes the allowed ones, the second looks for anything hidden left over.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u{2800}\u{FFFC}]|(?! )\p{Zs}/u;
const ALLOWED_HIDDEN =
  /(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?)[\u{FE0E}\u{FE0F}]|(?<=[#*0-9])\u{FE0F}(?=\u{20E3})|(?<=\p{Extended_Pictographic}[\u{FE0F}\p{Emoji_Modifier}]?)\u{200D}(?=\p{Extended_Pictographic})/gu;
/** A combining mark with nothing to sit on: at the start or after a space or punctuation (N9: "\u0301"). */
const LONE_MARK = /(?<![\p{L}\p{N}\p{M}\p{Extended_Pictographic}\u{200D}])\p{M}/u;
/** What a name must show at least once: a letter, a digit or an emoji (F3: no name of marks or symbols alone). */
const VISIBLE = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/** False for a name with a character that hides or reorders text, or draws nothing (see HIDDEN). */
export function hasNoHiddenCharacters(value: string): boolean {
  return !HIDDEN.test(value.replace(ALLOWED_HIDDEN, ''));
}

/** False for a name with a combining mark that has no letter or digit before it. */
export function hasNoLoneMarks(value: string): boolean {
  return !LONE_MARK.test(value);
}

/** False for a name without a letter, a digit or an emoji (only punctuation, symbols or marks). */
export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE.test(value);
}

/**
 * spec §5: a display name is required and at most LIMITS.displayName.max characters. It is stored
 * NFKC-normalized (full-width and styled letters become plain ones) and may hold no hidden
 * characters (security review N4), no combining mark without a base and at least one letter, digit
 * or emoji (issue 42 F3, N9). Sign-up, Edit Profile and the admin's edit all use this one rule; the
 * server also refuses a name confusable with a protected creator's (profiles/display-name.ts).
 */
export function displayNameSchema(requiredMessage: string = PROFILE_MESSAGES.displayNameRequired) {
  return ZText.overwrite((value) => value.normalize('NFKC'))
    .trim()
    .refine(hasNoHiddenCharacters, PROFILE_MESSAGES.displayNameHiddenCharacters)
    .min(1, requiredMessage)
    .max(LIMITS.displayName.max, PROFILE_MESSAGES.displayNameTooLong)
    .refine(hasNoLoneMarks, PROFILE_MESSAGES.displayNameHiddenCharacters)
    .refine(hasVisibleCharacter, PROFILE_MESSAGES.displayNameNeedsLetter);
}

export const ZDisplayName = displayNameSchema();

/**
 * Top-level app routes: a creator's public link is /{username}, so these can never be usernames. The
 * server also reserves staff words anywhere in a name (STAFF_WORDS) and their lookalikes.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'assets',
  'auth',
  'billing',
  'creators',
  'dashboard',
  'dev',
  'favicon',
  'forgot_password',
  'login',
  'logout',
  'messages',
  'payment_success',
  'privacy',
  'profile',
  'reset_password',
  'search',
  'sender_dashboard',
  'settings',
  'signup',
  'support',
  'terms',
  'test_threads',
  'uploads',
  'username',
  'null',
  'undefined',
  'fanline',
]);

/**
 * Words that make a username look like the platform's own account (issue 42 F4: `fanline_support`,
 * `official_mayastyle`). A username whose skeleton starts with one, or has one after an underscore,
 * or contains `fanline` anywhere, is reserved (modules/profiles/username-rules.ts).
 */
export const STAFF_WORDS: readonly string[] = [
  'fanline',
  'admin',
  'staff',
  'official',
  'support',
  'moderator',
  'helpdesk',
  'verified',
];

export const ZAccountType = z.enum(['customer', 'creator']);

export type TAccountType = z.infer<typeof ZAccountType>;

/** The signed-in user as the web app needs it: account, own profile, admin standing. */
export const ZSessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  isCreator: z.boolean(),
  intendedAccountType: ZAccountType,
  threadsOnboardingCompleted: z.boolean(),
  instagramUsername: z.string().nullable(),
  instagramVerified: z.boolean(),
  isAvailable: z.boolean(),
  messagePrice: z.number().int(),
  coverUrl: z.string().nullable(),
  disciplines: z.array(z.string()),
  portfolioImages: z.array(z.string()),
  stripeOnboardingCompleted: z.boolean(),
  timeZone: z.string().nullable(),
  isAdmin: z.boolean(),
  adminRole: z.string().nullable(),
});

export type TSessionUser = z.input<typeof ZSessionUser>;

/** Whole dollars in steps of 5 (spec §5); the bounds come from live platform settings. */
export function priceProblem(cents: number, bounds: { minDollars: number; maxDollars: number }): string | null {
  if (!Number.isInteger(cents) || cents % 100 !== 0) return 'Message price must be whole dollars.';
  const dollars = cents / 100;
  if (dollars < bounds.minDollars || dollars > bounds.maxDollars) {
    return `Message price must be between $${bounds.minDollars} and $${bounds.maxDollars}.`;
  }
  if (dollars % LIMITS.price.stepDollars !== 0) {
    return `Message price must be a multiple of $${LIMITS.price.stepDollars}.`;
  }
  return null;
}

export const ZCategoryName = ZText.trim()
  .min(1, 'Category names cannot be empty.')
  .max(LIMITS.categoryName.max, `Category names are at most ${LIMITS.categoryName.max} characters.`);

/** Categories: at most 5, no duplicates (case-insensitive), custom names allowed (spec §5). */
export const ZDisciplines = z
  .array(ZCategoryName)
  .max(LIMITS.categories.max, `Choose at most ${LIMITS.categories.max} categories.`)
  .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, 'Categories must not repeat.');

/** Creator-only fields of PATCH /api/profile/me. */
export const ZCreatorProfileChanges = z.object({
  /** Cents; checked against the live min/max price settings on the server. */
  messagePrice: z.number().int().positive().optional(),
  isAvailable: z.boolean().optional(),
  disciplines: ZDisciplines.optional(),
  /** The portfolio's new order; only removals and reordering of images already uploaded. */
  portfolioImages: z.array(ZText.max(300)).max(LIMITS.portfolioImages.max).optional(),
});

/** IANA zone the browser reports (Intl), stored so earnings days follow the creator's calendar. */
export const ZTimeZone = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, 'Not a time zone.');

/** Updatable fields of the Edit Profile tab (spec §2 Profile settings). Email is not among them. */
export const ZUpdateProfileRequest = z
  .object({
    displayName: ZDisplayName.optional(),
    username: ZUsername.optional(),
    bio: ZText.max(LIMITS.bio.max, `Bio must be at most ${LIMITS.bio.max} characters.`).nullable().optional(),
    timeZone: ZTimeZone.optional(),
  })
  .extend(ZCreatorProfileChanges.shape);

export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZAvatarResponse = z.object({ avatarUrl: z.string() });

export const ZPublicProfile = ZBrowseCreator.extend({
  coverUrl: z.string().nullable(),
  portfolioImages: z.array(z.string()),
  instagramBio: z.string().nullable(),
  createdAt: ZTimestamp,
});

export type TPublicProfile = z.input<typeof ZPublicProfile>;

/**
 * GET /api/profiles/:username/eligibility (issue 36): whether the signed-in visitor may message this
 * creator, asked before they write anything. `blocked`: the creator blocked them; `self`: their own
 * profile. The checkout still refuses on its own (payments/start-checkout.ts).
 */
export const ZMessageEligibility = z.object({
  canMessage: z.boolean(),
  reason: z.enum(['blocked', 'self']).nullable(),
  /** What to tell the visitor when they cannot, in the words the checkout's refusal uses. */
  message: z.string().nullable(),
});

export type TMessageEligibility = z.input<typeof ZMessageEligibility>;

/** Issue 36: the steps of a new creator's setup checklist, in the order they are shown. */
export const CREATOR_SETUP_STEPS = ['price', 'photo', 'payout', 'share'] as const;

/**
 * GET /api/creator/setup: which checklist steps are done. `price`: a price saved in settings; `photo`:
 * a profile photo; `payout`: a payout account that can be paid; `share`: the profile link copied from
 * the checklist. A creator who has received a paid message has evidently set a price fans pay and been
 * found, so price and share count as done then.
 */
export const ZCreatorSetup = z.object({
  steps: z.object({ price: z.boolean(), photo: z.boolean(), payout: z.boolean(), share: z.boolean() }),
  /** Whether fans have paid this creator yet. */
  hasPaidMessages: z.boolean(),
});

export type TCreatorSetup = z.input<typeof ZCreatorSetup>;
