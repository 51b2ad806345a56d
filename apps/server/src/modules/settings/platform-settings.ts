import { inArray } from 'drizzle-orm';
import { platformSettings } from '../../db/schema';
import type { Db } from '../../platform/db';

/** spec §9 admin settings defaults; used when a row is missing or malformed. */
export const SETTING_DEFAULTS = {
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
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K] extends boolean ? boolean : number;

/** Reads the named settings in one query, each falling back to its default. */
export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<{ [P in K]: SettingValue<P> }> {
  const rows = await db.select().from(platformSettings).where(inArray(platformSettings.key, keys));
  const out = {} as Record<string, unknown>;
  for (const key of keys) {
    const fallback = SETTING_DEFAULTS[key];
    const value = rows.find((row) => row.key === key)?.value;
    out[key] = typeof value === typeof fallback ? value : fallback;
  }
  return out as { [P in K]: SettingValue<P> };
}
