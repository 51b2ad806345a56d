import { AUTH_MESSAGES, ZPassword } from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { AuthShell } from '../../components/layout/auth-shell';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../paths';
import { resetPassword } from './api/account';

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
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
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
  if (!token) {
    return (
      <AuthShell title="Reset your password" footer={footer}>
        <Alert title="This link is incomplete">Open the link from your email again, or request a new one.</Alert>
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
    <AuthShell title="Choose a new password" subtitle="At least 6 characters." footer={footer}>
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
