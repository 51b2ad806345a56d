import type { Mail } from '../../platform/mailer';

export function confirmationMail(to: string, link: string): Mail {
  return {
    kind: 'email-confirmation',
    to,
    subject: 'Confirm your Fanline account',
    text: `Welcome to Fanline!\n\nConfirm your email address to start using your account:\n${link}\n\nThe link works for 48 hours. If you did not sign up, ignore this email.`,
    html: `<p>Welcome to Fanline!</p><p>Confirm your email address to start using your account:</p><p><a href="${link}">Confirm my email</a></p><p>The link works for 48 hours. If you did not sign up, ignore this email.</p>`,
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    kind: 'password-reset',
    to,
    subject: 'Reset your Fanline password',
    text: `Someone asked to reset the password of your Fanline account.\n\nChoose a new password here:\n${link}\n\nThe link works for 1 hour and only once. If it was not you, ignore this email; your password stays the same.`,
    html: `<p>Someone asked to reset the password of your Fanline account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works for 1 hour and only once. If it was not you, ignore this email; your password stays the same.</p>`,
  };
}

/** Security review N6: sign-up says an email is taken, so the owner hears that someone tried it. */
export function signUpAttemptMail(to: string, signInUrl: string, resetUrl: string): Mail {
  return {
    kind: 'sign-up-attempt',
    to,
    subject: 'Someone tried to create a Fanline account with your email',
    text: `Someone tried to create a Fanline account with your email address, which already has an account.\n\nIf it was you, sign in instead:\n${signInUrl}\n\nForgot your password? Choose a new one here:\n${resetUrl}\n\nIf it was not you, you can ignore this email; nothing has changed on your account.`,
    html: `<p>Someone tried to create a Fanline account with your email address, which already has an account.</p><p>If it was you, <a href="${signInUrl}">sign in</a> instead. Forgot your password? <a href="${resetUrl}">Choose a new one</a>.</p><p>If it was not you, you can ignore this email; nothing has changed on your account.</p>`,
  };
}
