/**
 * The failure code of a payout that was canceled at Stripe (payout.canceled): it is booked as failed,
 * whose money path it shares, and told as canceled (decision 0053).
 */
export const PAYOUT_CANCELED = 'canceled';

/**
 * What the creator should do about a failed payout (decision 0029), from where its money is and
 * Stripe's failure code. Shown in the payout history and in the mail, so both say the same.
 */
export function payoutFailureAdvice(payout: { transferred: boolean; failureCode: string | null }): string {
  if (payout.failureCode === 'simulated_bank_rejected') {
    return 'Test mode: set the simulated bank under Settings → Payout back to "Pays payouts", then press Retry on this payout.';
  }
  // Canceled (payout.canceled, decision 0053) is not the bank refusing it: nothing to fix, only to send again.
  if (payout.failureCode === PAYOUT_CANCELED) {
    return 'The payout was canceled before it reached your bank. The money is safe on your Stripe balance: press Retry on this payout in your payout history to send it again.';
  }
  if (!payout.transferred) {
    return 'The money is back in your available balance. Check your payout account under Settings → Payout, then request the payout again.';
  }
  const bank = [
    'account_closed',
    'account_frozen',
    'bank_account_restricted',
    'invalid_account_number',
    'no_account',
    'incorrect_account_holder_name',
    'incorrect_account_holder_type',
    'bank_ownership_changed',
    'invalid_currency',
  ];
  const first =
    payout.failureCode && bank.includes(payout.failureCode)
      ? 'Your bank did not accept it. Update your bank account in your Stripe Express dashboard (Settings → Payout → Open Stripe dashboard)'
      : 'Check your bank details in your Stripe Express dashboard (Settings → Payout → Open Stripe dashboard)';
  return `${first}, then press Retry on this payout in your payout history. The money is safe on your Stripe balance meanwhile.`;
}

/**
 * What the creator is told about a payout waiting for its funds (decision 0052): the truth, that card
 * money reaches Stripe a few days after the charge, and the day Stripe names. Nothing for them to fix.
 */
export function payoutFundsAdvice(availableOn: Date | null): string {
  const when = availableOn
    ? `Stripe makes it available on ${availableOn.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}, and we pay it out to your bank then`
    : 'We pay it out to your bank as soon as Stripe makes it available';
  return `This money is on your Stripe balance but still on its way from the card network: card payments take a few days to settle. ${when}. There is nothing you need to do.`;
}
