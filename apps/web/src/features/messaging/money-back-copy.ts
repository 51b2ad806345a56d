import type { TPublicConfig } from '@fanline/contracts';

/**
 * The placeholders of the promise made when paying (fillCopy's `extra`): {notCharged} what happens to
 * the money when no reply comes ("you are not charged" while cards are only held; "you are refunded in
 * full" when they are charged at once, ARCHITECTURE §2), {released} " and the hold is released" while held.
 */
export function moneyBackCopy(config: TPublicConfig): Record<string, string> {
  const held = config.paymentMode === 'hold';
  return {
    notCharged: held ? 'you are not charged' : 'you are refunded in full',
    released: held ? ' and the hold is released' : '',
  };
}
