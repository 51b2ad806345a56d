import type { AppContext } from '../../../platform/context';

/** Test-send bypasses payment: only with the local provider, and never in production (ARCHITECTURE §7). */
export const testSendEnabled = (ctx: Pick<AppContext, 'payments' | 'config'>) =>
  ctx.payments.name === 'local' && ctx.config.payments.testSend;
