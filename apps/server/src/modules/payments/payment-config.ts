import type { AppContext } from '../../platform/context';
import { readSettings } from '../settings';
import { testSendEnabled } from './local/test-send-enabled';

/**
 * Which checkout is active, whether the message dialog may show the test-send button, and the live
 * response window, so copy never hard-codes "24 hours".
 */
export async function getPaymentConfig(ctx: Pick<AppContext, 'db' | 'payments' | 'config'>) {
  const { message_expiration_hours: hours } = await readSettings(ctx.db, ['message_expiration_hours']);
  return { provider: ctx.payments.name, testSend: testSendEnabled(ctx), responseWindowHours: hours };
}
