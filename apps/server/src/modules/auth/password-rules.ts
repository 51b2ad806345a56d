import { AUTH_MESSAGES } from '@fanline/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../platform/errors';

/**
 * ASVS 5.0 V6.2.4 (issue 42): a new password may not be one of the common passwords that attackers
 * try first. The list is zxcvbn-ts's `passwords-common` (@zxcvbn-ts/language-common, pinned; 49,233
 * passwords ranked by frequency in leaked password sets, decision 0046), compared case-insensitively,
 * so `123456`, `password`, `qwerty123` and `Password` are all refused. The length rule is the
 * contract's ZPassword; this is the server's part, used by sign-up, reset and change.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((word) => String(word).toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** A 400 on the `password` field (or `field`) for a common password. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.passwordTooCommon, {
      [field]: AUTH_MESSAGES.passwordTooCommon,
    });
  }
}
