import { platformSettings } from '../db/schema';
import { invalidateSettings } from '../modules/settings';
import type { Db } from '../platform/db';

/**
 * Sets one platform setting as a test's precondition and drops the cached copy, as an admin save
 * does, so the next request reads the new value (settings are cached per database, ARCHITECTURE §8).
 */
export async function setPlatformSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value } });
  invalidateSettings(db);
}
