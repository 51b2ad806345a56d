import {
  SETTING_DESCRIPTIONS,
  PLATFORM_SETTING_DEFAULTS as SPEC_DEFAULTS,
  type TPlatformSettings,
  type TSettingKey,
} from '@fanline/contracts';
import { inArray } from 'drizzle-orm';
import { platformSettings } from '../../db/schema';
import type { Db } from '../../platform/db';

/** spec §9 admin settings defaults (derived from LIMITS in contracts); used when a row is missing or malformed. */
export const SETTING_DEFAULTS = SPEC_DEFAULTS;
export const SETTING_KEYS = Object.keys(SPEC_DEFAULTS) as TSettingKey[];

export type SettingKey = TSettingKey;

/** The pseudo user whose "events" are settings saves: every instance listens and drops its cache. */
export const SETTINGS_CHANNEL_USER = '__platform_settings__';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SettingValue<K extends SettingKey> = TPlatformSettings[K];

/**
 * The one cached accessor (ARCHITECTURE §8). Every reader goes through here; a save drops the copy
 * (`invalidateSettings`), and other instances drop theirs when they hear the save's NOTIFY. The
 * short lifetime is only a safety net for a missed notification.
 */
const CACHE_MS = 30_000;
const cache = new WeakMap<
  Db,
  { at: number; value: Promise<{ settings: TPlatformSettings; updatedAt: Date | null }> }
>();

export function invalidateSettings(db: Db): void {
  cache.delete(db);
}

/** All eleven settings with the time of the last change, each missing or malformed value at its default. */
export function readAllSettings(db: Db): Promise<{ settings: TPlatformSettings; updatedAt: Date | null }> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = loadSettings(db);
  cache.set(db, { at: Date.now(), value });
  // A failed read must not stay cached.
  value.catch(() => cache.delete(db));
  return value;
}

async function loadSettings(db: Db) {
  const rows = await db.select().from(platformSettings).where(inArray(platformSettings.key, SETTING_KEYS));
  const out = { ...SPEC_DEFAULTS } as Record<string, unknown>;
  let updatedAt: Date | null = null;
  for (const row of rows) {
    const fallback = SPEC_DEFAULTS[row.key as SettingKey];
    if (typeof row.value === typeof fallback && (typeof row.value !== 'number' || Number.isInteger(row.value)))
      out[row.key] = row.value;
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { settings: out as TPlatformSettings, updatedAt };
}

/** Reads the named settings (from the cached copy), each falling back to its default. */
export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<{ [P in K]: SettingValue<P> }> {
  const { settings } = await readAllSettings(db);
  const out = {} as { [P in K]: SettingValue<P> };
  for (const key of keys) out[key] = settings[key];
  return out;
}

/** Writes all eleven settings in one transaction; the caller has validated them and writes the audit row. */
export async function writeSettings(
  db: Db,
  opts: { settings: TPlatformSettings; updatedBy: string; now: Date; audit?: (tx: Tx) => Promise<void> },
): Promise<void> {
  await db.transaction(async (tx) => {
    await opts.audit?.(tx);
    for (const key of SETTING_KEYS) {
      await tx
        .insert(platformSettings)
        .values({
          key,
          value: opts.settings[key],
          description: SETTING_DESCRIPTIONS[key],
          updatedBy: opts.updatedBy,
          updatedAt: opts.now,
        })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value: opts.settings[key], updatedBy: opts.updatedBy, updatedAt: opts.now },
        });
    }
  });
  invalidateSettings(db);
}
