import type { TResetTokenStatus, TSessionUser } from '@fanline/contracts';
import { api } from '../../../lib/api-client';

// Mail-driven account flows (issue "Accounts" §2): confirmation and password reset.

export const resendConfirmation = (email: string) =>
  api<void>('/auth/resend-confirmation', { method: 'POST', body: { email } });

export const confirmEmail = (token: string) =>
  api<{ user: TSessionUser }>('/auth/confirm-email', { method: 'POST', body: { token } });

export const requestPasswordReset = (email: string) =>
  api<void>('/auth/forgot-password', { method: 'POST', body: { email } });

export const resetPassword = (token: string, password: string) =>
  api<void>('/auth/reset-password', { method: 'POST', body: { token, password } });

/** Issue 36 §17: whether the reset link still works, asked when the page opens. */
export const checkResetToken = (token: string) =>
  api<TResetTokenStatus>('/auth/reset-password/check', { method: 'POST', body: { token } });
