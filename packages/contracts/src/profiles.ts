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

export const ZUsername = ZText.trim()
  .min(LIMITS.username.min, `Username must be at least ${LIMITS.username.min} characters.`)
  .max(LIMITS.username.max, `Username must be at most ${LIMITS.username.max} characters.`)
  .regex(/^[a-z0-9_]+$/, 'Use only lowercase letters, numbers and underscores.');

// Characters that change how a name looks without being seen (security review N4): controls, format
// characters (zero-width space and joiners, bidi marks, overrides and isolates, tags), line and
// paragraph separators, and the other default-ignorable code points (fillers, the invisible
// operators). Variation selectors stay (❤️ needs one) and so does a zero-width joiner between two
// emoji (👩‍💻); the first pass allows them, the second looks for a joiner left over anywhere else.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const ALLOWED_HIDDEN =
  /[\u{FE00}-\u{FE0F}]|(?<=\p{Extended_Pictographic}[\u{FE0F}\p{Emoji_Modifier}]?)\u{200D}(?=\p{Extended_Pictographic})/gu;

/** False for a name with a character that hides or reorders text (see HIDDEN). */
export function hasNoHiddenCharacters(value: string): boolean {
  return !HIDDEN.test(value.replace(ALLOWED_HIDDEN, ''));
}

/**
 * spec §5: a display name is required and at most LIMITS.displayName.max characters. It is stored
 * NFKC-normalized (full-width and styled letters become plain ones) and may hold no hidden
 * characters (security review N4). Sign-up, Edit Profile and the admin's edit all use this one rule;
 * the server also refuses a name confusable with a verified creator's (profiles/display-name.ts).
 */
export function displayNameSchema(requiredMessage: string = PROFILE_MESSAGES.displayNameRequired) {
  return ZText.overwrite((value) => value.normalize('NFKC'))
    .trim()
    .refine(hasNoHiddenCharacters, PROFILE_MESSAGES.displayNameHiddenCharacters)
    .min(1, requiredMessage)
    .max(LIMITS.displayName.max, PROFILE_MESSAGES.displayNameTooLong);
}

export const ZDisplayName = displayNameSchema();

/** Top-level app routes: a creator's public link is /{username}, so these can never be usernames. */
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
  'profile',
  'reset_password',
  'search',
  'sender_dashboard',
  'settings',
  'signup',
  'support',
  'test_threads',
  'uploads',
  'username',
  'null',
  'undefined',
  'fanline',
]);

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
