import type { TPlatformSettings } from '@fanline/contracts';
import { recordAudit } from '../modules/audit';
import { readAllSettings, SETTINGS_CHANNEL_USER, writeSettings } from '../modules/settings';
import type { AppContext } from '../platform/context';

/**
 * Saves all eleven settings at once (spec §2: one Save Changes) with an audit row of what changed,
 * then tells every instance to drop its cached copy.
 */
export async function saveSettings(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  opts: { adminId: string; settings: TPlatformSettings },
) {
  const { settings: before } = await readAllSettings(ctx.db);
  const now = ctx.clock.now();
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(opts.settings)) {
    if (before[key as keyof TPlatformSettings] === value) continue;
    changedBefore[key] = before[key as keyof TPlatformSettings];
    changedAfter[key] = value;
  }
  await writeSettings(ctx.db, {
    settings: opts.settings,
    updatedBy: opts.adminId,
    now,
    audit: (tx) =>
      recordAudit(tx, {
        adminId: opts.adminId,
        action: 'settings.update',
        targetType: 'platform_settings',
        before: changedBefore,
        after: changedAfter,
        now,
      }),
  });
  await ctx.events.publish([SETTINGS_CHANNEL_USER], { type: 'settings' });
  return readAllSettings(ctx.db);
}
