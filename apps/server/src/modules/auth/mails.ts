import { confirmationMail, passwordResetMail, renderMail, signUpAttemptMail } from '../../platform/mail';
import type { Mail } from '../../platform/mailer';

// The security mails: rendered like every other mail (platform/mail), but never with an unsubscribe
// link or List-Unsubscribe headers: they are about the account itself and must always arrive.

export async function accountConfirmationMail(publicUrl: string, to: string, link: string): Promise<Mail> {
  return { kind: 'email-confirmation', to, ...(await renderMail(confirmationMail({ link }), { publicUrl })) };
}

export async function accountPasswordResetMail(publicUrl: string, to: string, link: string): Promise<Mail> {
  return { kind: 'password-reset', to, ...(await renderMail(passwordResetMail({ link }), { publicUrl })) };
}

/** Security review N6: sign-up says an email is taken, so the owner hears that someone tried it. */
export async function accountSignUpAttemptMail(publicUrl: string, to: string): Promise<Mail> {
  const content = signUpAttemptMail({ signInUrl: `${publicUrl}/login`, resetUrl: `${publicUrl}/forgot-password` });
  return { kind: 'sign-up-attempt', to, ...(await renderMail(content, { publicUrl })) };
}
