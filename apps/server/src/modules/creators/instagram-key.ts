import type { ZInstagramKeyStatus } from '@fanline/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { saveSecretSetting } from '../settings';
import { INSTAGRAM_KEY_SETTING, lookupKey } from './external-lookup';
import { forgetSpentQuota } from './guarded-lookup';

/** Whether the external lookup has a key and where it comes from; the key itself is never sent back. */
export async function instagramKeyStatus(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<z.output<typeof ZInstagramKeyStatus>> {
  const { key, source } = await lookupKey(ctx);
  return { configured: Boolean(key && ctx.config.instagramLookup.url), source };
}

/**
 * Stores the admins' key for the external lookup (spec §2 Find Creators). It is not one of the
 * public platform settings readSettings serves (this is a secret), so it keeps its own row, through
 * settings' saveSecretSetting.
 */
export async function saveInstagramKey(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  opts: { apiKey: string; adminId: string },
): Promise<z.output<typeof ZInstagramKeyStatus>> {
  await saveSecretSetting(ctx.db, {
    key: INSTAGRAM_KEY_SETTING,
    value: opts.apiKey,
    description: 'API key of the Instagram-style data service',
    adminId: opts.adminId,
    now: ctx.clock.now(),
  });
  // A new key comes with a new quota.
  await forgetSpentQuota(ctx);
  return instagramKeyStatus(ctx);
}
