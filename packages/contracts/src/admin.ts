import { z } from 'zod';
import { ZText, ZTimestamp, ZUuid } from './common';

// Admin portal (spec §2 Admin portal, §5 Settings inputs, §9 admin settings defaults).

export const ADMIN_MESSAGES = {
  accessDenied: 'Access denied. Admin privileges required.',
  promoteFailed: 'Failed to promote user to creator',
  featureFailed: 'Failed to update featured status',
  updateSuccessTitle: 'Success',
  updateSuccess: 'User profile updated successfully',
  updateFailed: (message: string) => `Failed to update user profile: ${message}`,
  settingsLoadFailed: 'Failed to load platform settings',
  settingsSaveFailed: 'Failed to save platform settings',
  settingsSaved: 'Platform settings saved successfully',
} as const;

export const ADMIN_ROLES = ['super_admin', 'admin'] as const;
export type TAdminRole = (typeof ADMIN_ROLES)[number];

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * The eleven platform settings with spec §5's ranges (the original only had input attributes; the
 * server enforces them). Prices are whole dollars; the minimum must not exceed the maximum and the
 * default must lie between them, or creators could not keep the default price.
 */
export const ZPlatformSettings = z
  .object({
    default_message_price: wholeNumber('Default message price', 1, 1000),
    min_message_price: wholeNumber('Minimum message price', 1, 10000),
    max_message_price: wholeNumber('Maximum message price', 1, 10000),
    commission_rate: wholeNumber('Commission rate', 0, 50),
    message_expiration_hours: wholeNumber('Message expiration', 1, 168),
    maintenance_mode: z.boolean(),
    new_user_registration: z.boolean(),
    auto_moderation: z.boolean(),
    require_creator_verification: z.boolean(),
    email_notifications: z.boolean(),
    system_alerts: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (s.min_message_price > s.max_message_price)
      ctx.addIssue({
        code: 'custom',
        path: ['min_message_price'],
        message: 'Minimum message price must not exceed the maximum',
      });
    else if (s.default_message_price < s.min_message_price || s.default_message_price > s.max_message_price)
      ctx.addIssue({
        code: 'custom',
        path: ['default_message_price'],
        message: 'Default message price must lie between the minimum and the maximum',
      });
  });
export type TPlatformSettings = z.infer<typeof ZPlatformSettings>;
export type TSettingKey = keyof TPlatformSettings;

export const SETTING_DEFAULTS: TPlatformSettings = {
  default_message_price: 25,
  min_message_price: 5,
  max_message_price: 500,
  commission_rate: 25,
  message_expiration_hours: 24,
  maintenance_mode: false,
  new_user_registration: true,
  auto_moderation: true,
  require_creator_verification: true,
  email_notifications: true,
  system_alerts: true,
};

export const SETTING_DESCRIPTIONS: Record<TSettingKey, string> = {
  default_message_price: 'Price in dollars a new profile starts with',
  min_message_price: 'Lowest price in dollars a creator may set',
  max_message_price: 'Highest price in dollars a creator may set',
  commission_rate: 'Platform fee in percent of each new paid message',
  message_expiration_hours: 'Hours a creator has to reply before the fan gets the money back',
  maintenance_mode: 'Show a maintenance banner and refuse new checkouts',
  new_user_registration: 'Allow new accounts to sign up',
  auto_moderation: 'Flag new messages that match the blocklist into the moderation queue',
  require_creator_verification: 'Only verified creators can receive paid messages',
  email_notifications: 'Send product emails (new messages and replies)',
  system_alerts: 'Email admins about payment-provider failures and stuck payments',
};

export const ZSettingsResponse = z.object({
  settings: ZPlatformSettings,
  updatedAt: ZTimestamp.nullable(),
});
export type TSettingsResponse = z.input<typeof ZSettingsResponse>;

/**
 * GET /api/config: what the web app's copy needs (ARCHITECTURE §8). `paymentMode` says whether a
 * card is only held until the reply ('hold') or charged now and refunded on expiry ('charge').
 */
export const ZPublicConfig = z.object({
  responseWindowHours: z.number().int(),
  commissionPercent: z.number().int(),
  creatorSharePercent: z.number().int(),
  price: z.object({
    minDollars: z.number(),
    maxDollars: z.number(),
    defaultDollars: z.number(),
    stepDollars: z.number(),
  }),
  paymentMode: z.enum(['hold', 'charge']),
  maintenanceMode: z.boolean(),
  registrationOpen: z.boolean(),
  requireCreatorVerification: z.boolean(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

export const ZAdminMe = z.object({
  id: ZUuid,
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  permissions: z.record(z.string(), z.boolean()),
});
export type TAdminMe = z.infer<typeof ZAdminMe>;

export const ZAdminUserRow = z.object({
  id: ZUuid,
  email: z.string().nullable(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  isCreator: z.boolean(),
  isAvailable: z.boolean(),
  isFeatured: z.boolean(),
  verified: z.boolean(),
  messagePrice: z.number().int(),
  responseRate: z.number(),
  adminRole: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TAdminUserRow = z.input<typeof ZAdminUserRow>;

export const ADMIN_USER_FILTERS = ['all', 'users', 'creators', 'admins'] as const;
export const ZAdminUsersQuery = z.object({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(ADMIN_USER_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ADMIN_PAGE_SIZE = 100;

export const ZAdminUsersResponse = z.object({
  users: z.array(ZAdminUserRow),
  page: z.number().int(),
  hasMore: z.boolean(),
  stats: z.object({ total: z.number(), creators: z.number(), verified: z.number(), admins: z.number() }),
});
export type TAdminUsersResponse = z.input<typeof ZAdminUsersResponse>;

/** spec §5 Admin edit user: price 5–500 dollars; price, Available and Featured only for creators. */
export const ZAdminEditUser = z.object({
  displayName: ZText.trim().max(100).nullable().optional(),
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{3,30}$/, 'Username must be 3–30 characters: a-z, 0-9 and underscore')
    .optional(),
  bio: ZText.max(500, 'Bio must be at most 500 characters').nullable().optional(),
  messagePriceDollars: z
    .number()
    .int()
    .min(5, 'Price must be at least $5')
    .max(500, 'Price must be at most $500')
    .optional(),
  isAvailable: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
});
export type TAdminEditUser = z.infer<typeof ZAdminEditUser>;

export const ZAdminFeature = z.object({ featured: z.boolean() });

export const ZAdminStats = z.object({
  totalUsers: z.number(),
  totalCreators: z.number(),
  totalMessages: z.number(),
  pendingMessages: z.number(),
  revenueCents: z.number(),
  pendingReports: z.number(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAuditEntry = z.object({
  id: ZUuid,
  adminEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: ZTimestamp,
});
export const ZAuditResponse = z.object({ entries: z.array(ZAuditEntry) });
export type TAuditEntry = z.input<typeof ZAuditEntry>;

export const ZAdminActivity = z.object({
  id: z.string(),
  kind: z.enum(['profile', 'message', 'payment', 'report']),
  text: z.string(),
  at: ZTimestamp,
  amountCents: z.number().int().optional(),
});
export const ZAdminActivityResponse = z.object({ events: z.array(ZAdminActivity) });
export type TAdminActivity = z.input<typeof ZAdminActivity>;
