/**
 * What the creator should do about a failed payout (decision 0029), from where its money is and
 * Stripe's failure code. Shown in the payout history and in the mail, so both say the same.
 */
export function payoutFailureAdvice(payout: { transferred: boolean; failureCode: string | null }): string {
  if (payout.failureCode === 'simulated_bank_rejected') {
    return 'Test mode: set the simulated bank under Settings → Payout back to "Pays payouts", then press Retry on this payout.';
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
