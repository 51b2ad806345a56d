import type { TPublicConfig } from '@fanline/contracts';
import { LIMITS } from '@fanline/contracts';
import type { AppContext } from '../../platform/context';
import { capturesAtOnce } from '../payments';
import { readAllSettings } from './platform-settings';

/** What the web app's copy needs (ARCHITECTURE §8 public config endpoint). */
export async function publicConfig(ctx: Pick<AppContext, 'db' | 'payments'>): Promise<TPublicConfig> {
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
    // ARCHITECTURE §2: a window longer than a card hold can last is charged now and refunded later.
    paymentMode: capturesAtOnce(settings.message_expiration_hours, ctx.payments) ? 'charge' : 'hold',
    maintenanceMode: settings.maintenance_mode,
    registrationOpen: settings.new_user_registration,
    requireCreatorVerification: settings.require_creator_verification,
  };
}
