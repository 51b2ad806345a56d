import type { TPublicConfig } from '@fanline/contracts';

/**
 * The word the billing statuses use for a paid message's money that went back (spec §4): "Released"
 * while cards are only held (the hold is let go), "Refunded" when they are charged at once. A message
 * ended by a block says this, never "Expired" (issue 25).
 */
export function givenBackLabel(paymentMode: TPublicConfig['paymentMode']): 'Released' | 'Refunded' {
  return paymentMode === 'hold' ? 'Released' : 'Refunded';
}

/** "you were not charged" while held, "you were refunded in full" when charged at once. */
export function givenBackOutcome(paymentMode: TPublicConfig['paymentMode']): string {
  return paymentMode === 'hold' ? 'you were not charged' : 'you were refunded in full';
}
