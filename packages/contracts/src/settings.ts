import { z } from 'zod';
import { ZTimestamp } from './common';
import { SETTING_BOUNDS } from './setting-bounds';

// modules/settings: the eleven platform settings (spec §5 Settings inputs, §9 defaults in limits.ts) and /api/config.

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
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
    default_message_price: wholeNumber('Default message price', SETTING_BOUNDS.default_message_price),
    min_message_price: wholeNumber('Minimum message price', SETTING_BOUNDS.min_message_price),
    max_message_price: wholeNumber('Maximum message price', SETTING_BOUNDS.max_message_price),
    commission_rate: wholeNumber('Commission rate', SETTING_BOUNDS.commission_rate),
    message_expiration_hours: wholeNumber('Message expiration', SETTING_BOUNDS.message_expiration_hours),
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
  /** The share of page loads whose Web Vitals are reported (VITALS_SAMPLE_RATE, decision 0038). */
  vitalsSampleRate: z.number().min(0).max(1),
  /** DEMO_MODE (decision 0024): the site says it is a demo (issue 36). False on a real deployment. */
  demoMode: z.boolean(),
  /**
   * Issue 36: where the mails this server sent can be read (its demo or development mailbox), for the
   * "Check your email" screens and the demo banner; null in production, which has none.
   */
  mailboxUrl: z.string().nullable(),
});

export type TPublicConfig = z.infer<typeof ZPublicConfig>;
