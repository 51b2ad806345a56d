import type { TPublicConfig } from '@fanline/contracts';
import { LIMITS } from '@fanline/contracts';
import type { AppContext } from '../../platform/context';
import { readAllSettings } from './platform-settings';

/**
 * What the web app's copy needs (ARCHITECTURE §8 public config endpoint). Whether a window is charged at
 * once is the payments module's rule (captures-at-once.ts): the caller passes it in.
 */
export async function publicConfig(
  ctx: Pick<AppContext, 'db' | 'config'>,
  opts: { chargesAtOnce: (windowHours: number) => boolean; mailboxUrl: string | null },
): Promise<TPublicConfig> {
  const { settings } = await readAllSettings(ctx.db);
  return {
    responseWindowHours: settings.message_expiration_hours,
    commissionPercent: settings.commission_rate,
    creatorSharePercent: 100 - settings.commission_rate,
    price: {
      minDollars: settings.min_message_price,
      maxDollars: settings.max_message_price,
      defaultDollars: settings.default_message_price,
      stepDollars: LIMITS.price.stepDollars,
    },
    paymentMode: opts.chargesAtOnce(settings.message_expiration_hours) ? 'charge' : 'hold',
    maintenanceMode: settings.maintenance_mode,
    registrationOpen: settings.new_user_registration,
    requireCreatorVerification: settings.require_creator_verification,
    vitalsSampleRate: ctx.config.vitals.sampleRate,
    demoMode: ctx.config.demoMode,
    mailboxUrl: opts.mailboxUrl,
  };
}
