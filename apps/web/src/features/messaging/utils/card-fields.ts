import { LOCAL_TEST_CARDS } from '@fanline/contracts';

/** "4242424242424242" → "4242 4242 4242 4242" as the user types (digits only, 19 at most). */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Test cards of the local checkout, as typed (the server decides; these are only shown and filled in). */
export const TEST_CARDS = {
  success: formatCardNumber(LOCAL_TEST_CARDS.success),
  declined: formatCardNumber(LOCAL_TEST_CARDS.declined),
} as const;

/** "1230" → "12 / 30"; a lone first digit above 1 becomes "0d". */
export function formatExpiry(raw: string): string {
  let digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  // The separator appears with the third digit, so backspacing over it never gets stuck.
  if (digits.length < 3) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** A month/year a year from now, for the "fill test card" shortcut. */
export function futureExpiry(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const year = String((now.getFullYear() + 1) % 100).padStart(2, '0');
  return `${month} / ${year}`;
}
