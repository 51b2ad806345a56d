import { AUTH_MESSAGES, ZPassword } from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldAria } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { changePassword } from '../api/account';

const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    newPassword: ZPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: AUTH_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
    when: () => true,
  });
type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
const EMPTY: TChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Security tab: a real password change (issue "Accounts" §8). */
export function ChangePasswordForm() {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TChangePasswordForm>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });

  const mutation = useMutation({
    mutationFn: ({ currentPassword, newPassword }: TChangePasswordForm) =>
      changePassword({ currentPassword, newPassword }),
    onSuccess: () => {
      reset(EMPTY);
      setFailure(null);
      toast.success('Password updated', { description: 'Use your new password next time you sign in.' });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.currentPassword) setError('currentPassword', { message: fields.currentPassword });
      if (fields?.newPassword) setError('newPassword', { message: fields.newPassword });
      if (fields?.currentPassword || fields?.newPassword) return setFailure(null);
      setFailure(
        error instanceof ApiError && error.code === 'RATE_LIMITED'
          ? AUTH_MESSAGES.tooManyAttempts
          : error instanceof ApiError && error.status < 500 && error.status > 0
            ? error.message
            : AUTH_MESSAGES.unexpected,
      );
    },
  });

  const field = (name: keyof TChangePasswordForm, autoComplete: string) => (
    <Input
      type="password"
      autoComplete={autoComplete}
      {...fieldAria(`${id}-${name}`, errors[name]?.message)}
      {...register(name)}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} className="max-w-md space-y-4">
      {failure && <Alert title="Password not changed">{failure}</Alert>}
      <Field id={`${id}-currentPassword`} label="Current password" error={errors.currentPassword?.message}>
        {field('currentPassword', 'current-password')}
      </Field>
      <Field id={`${id}-newPassword`} label="New password" error={errors.newPassword?.message}>
        {field('newPassword', 'new-password')}
      </Field>
      <Field id={`${id}-confirmPassword`} label="Confirm new password" error={errors.confirmPassword?.message}>
        {field('confirmPassword', 'new-password')}
      </Field>
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Updating…' : 'Update Password'}
      </Button>
    </form>
  );
}
