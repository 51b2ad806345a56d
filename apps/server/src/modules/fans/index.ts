/** What other modules may call of the fan side (spec §2 Sender dashboard and billing). */
export { mailFanAboutDecline, mailFanAboutRefund, mailFanAboutReply } from './mail-fan';
