import { eq } from 'drizzle-orm';
import { platformSettings } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Settings that are secrets, not the public numbers readSettings serves (the admins' key for the
 * external lookup, spec §2 Find Creators): a row of platform_settings of their own, never cached,
 * never sent to a browser. The settings module owns the table, so the module that uses a secret
 * reads and writes it through here.
 */
export async function readSecretSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return typeof row?.value === 'string' && row.value ? row.value : undefined;
}

export async function saveSecretSetting(
  db: Db,
  opts: { key: string; value: string; description: string; adminId: string; now: Date },
): Promise<void> {
  await db
    .insert(platformSettings)
    .values({
      key: opts.key,
      value: opts.value,
      description: opts.description,
      updatedBy: opts.adminId,
      updatedAt: opts.now,
    })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value: opts.value, updatedBy: opts.adminId, updatedAt: opts.now },
    });
}
