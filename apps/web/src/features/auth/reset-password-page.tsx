import { AUTH_MESSAGES, LIMITS, ZPassword } from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { AuthShell } from '../../components/layout/auth-shell';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../paths';
import { checkResetToken, resetPassword } from './api/account';
import { linkToken } from './utils/link-token';

const ZResetForm = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: AUTH_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
    when: () => true,
  });
type TResetForm = z.input<typeof ZResetForm>;

/** The mailed reset link lands here: choose a new password, then sign in. */
export function Component() {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once from the link's fragment (#token=…, never sent to the server), then taken out of the
  // address bar so it stays in no history entry or bookmark.
  const [token] = useState(() => linkToken(location));
  useEffect(() => {
    window.history.replaceState(window.history.state, '', location.pathname);
  }, [location.pathname]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetForm>({ resolver: zodResolver(ZResetForm), defaultValues: { password: '', confirmPassword: '' } });
  const mutation = useMutation({
    mutationFn: (values: TResetForm) => resetPassword(token, values.password),
    onSuccess: () => {
      toast.success('Password updated', { description: 'Sign in with your new password.' });
      navigate(paths.login, { replace: true });
    },
  });

  const footer = (
    <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
      Request a new link
    </Link>
  );
  // Issue 36 §17: a used or expired link says so when it opens, not after a new password was typed.
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    enabled: token.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!token) {
    return (
      <AuthShell title="Reset your password" footer={footer}>
        <Alert title="This link is incomplete">Open the link from your email again, or request a new one.</Alert>
      </AuthShell>
    );
  }

  if (check.data?.usable === false) {
    return (
      <AuthShell title="Reset your password" footer={footer}>
        <Alert title="This link no longer works">{AUTH_MESSAGES.resetLinkInvalid} Request a new one.</Alert>
      </AuthShell>
    );
  }

  const failure =
    mutation.error instanceof ApiError && mutation.error.status > 0 && mutation.error.status < 500
      ? mutation.error.code === 'LINK_EXPIRED'
        ? `${AUTH_MESSAGES.resetLinkInvalid} Request a new one.`
        : mutation.error.message
      : mutation.error
        ? AUTH_MESSAGES.unexpected
        : null;

  return (
    <AuthShell
      title="Choose a new password"
      subtitle={`At least ${LIMITS.password.min} characters, not a common password.`}
      footer={footer}
    >
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <Field id={`${id}-password`} label="New password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldAria(`${id}-password`, errors.password?.message)}
            {...register('password')}
          />
        </Field>
        <Field id={`${id}-confirmPassword`} label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldAria(`${id}-confirmPassword`, errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={mutation.isPending || mutation.isSuccess}>
          {mutation.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthShell>
  );
}
