import { LIMITS, type TAccountType, type TSignUpResponse } from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AgreementNote } from '../../../components/legal/agreement-note';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldAria } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { UsernameInput } from '../../../components/ui/username-input';
import { UsernameStatus } from '../../../components/ui/username-status';
import { ApiError } from '../../../lib/api-client';
import { signUpErrorMessage, type TFormError } from '../../../lib/auth/auth-errors';
import { useSession } from '../../../lib/auth/session';
import { useUsernameAvailability } from '../../../lib/auth/use-username-availability';
import { firstSignUpProblem, type TSignUpFormInput, type TSignUpFormValues, ZSignUpForm } from '../utils/signup-schema';
import { AccountTypeToggle } from './account-type-toggle';

interface SignupFormProps {
  initialType: TAccountType;
  /** Called before the session flips to signed-in, so the page can hold its "signed-in" redirect. */
  onSubmitting?: (submitting: boolean) => void;
  onCreated: (result: TSignUpResponse, accountType: TAccountType) => void;
}

type TFieldName = keyof TSignUpFormInput;

/** spec §2 Signup, §5 Signup, §8 Signup. */
export function SignupForm({ initialType, onSubmitting, onCreated }: SignupFormProps) {
  const id = useId();
  const { signUp } = useSession();
  // A refused submission's server error; validation headlines are derived live below.
  const [serverError, setServerError] = useState<TFormError | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<TSignUpFormInput, unknown, TSignUpFormValues>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: {
      intendedAccountType: initialType,
      email: '',
      password: '',
      confirmPassword: '',
      displayName: '',
      username: '',
    },
  });
  const values = watch();
  const { status: usernameStatus, markTaken } = useUsernameAvailability(values.username);
  const usernameTaken = usernameStatus === 'taken';
  // After a first submit the headline follows the fields as they are fixed (spec §5's order).
  const formError = serverError ?? (isSubmitted ? firstSignUpProblem(values, usernameTaken) : null);

  const mutation = useMutation({
    mutationFn: (values: TSignUpFormValues) => {
      const { confirmPassword: _confirm, ...request } = values;
      return signUp(request);
    },
    onSuccess: (result, values) => onCreated(result, values.intendedAccountType),
    onError: (error, values) => {
      onSubmitting?.(false);
      if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') markTaken(values.username);
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        for (const [name, message] of Object.entries(error.fields ?? {})) {
          if (name in values) setError(name as TFieldName, { message });
        }
      }
      setServerError({ title: 'Sign up failed', message: signUpErrorMessage(error) });
    },
  });

  const onValid = (valid: TSignUpFormValues) => {
    setServerError(null);
    if (firstSignUpProblem(valid, usernameTaken)) return;
    onSubmitting?.(true);
    mutation.mutate(valid);
  };

  // The headline already says it; repeating it under every field adds noise, not information.
  const fieldError = (name: TFieldName) => {
    const message = errors[name]?.message;
    return message && message !== formError?.message ? message : undefined;
  };
  const aria = (name: TFieldName, hasHint = false) => ({
    ...fieldAria(`${id}-${name}`, fieldError(name), hasHint, true),
    'aria-invalid': errors[name] ? true : undefined,
  });
  const busy = mutation.isPending || mutation.isSuccess;
  const usernameField = register('username');

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, () => setServerError(null))}
      className="space-y-4"
      aria-busy={busy}
    >
      {formError && <Alert title={formError.title || undefined}>{formError.message}</Alert>}
      <AccountTypeToggle registration={register('intendedAccountType')} />
      <Field id={`${id}-displayName`} label="Display name" required error={fieldError('displayName')}>
        <Input autoComplete="name" {...aria('displayName')} {...register('displayName')} />
      </Field>
      <div>
        <Field id={`${id}-username`} label="Username" required error={fieldError('username')}>
          <UsernameInput
            id={`${id}-username`}
            field={usernameField}
            error={fieldError('username')}
            invalid={Boolean(errors.username || usernameTaken)}
          />
        </Field>
        <UsernameStatus id={`${id}-username-status`} status={usernameStatus} />
      </div>
      <Field id={`${id}-email`} label="Email" required error={fieldError('email')}>
        <Input type="email" autoComplete="email" {...aria('email')} {...register('email')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-password`} label="Password" required error={fieldError('password')}>
          <Input type="password" autoComplete="new-password" {...aria('password')} {...register('password')} />
        </Field>
        <Field id={`${id}-confirmPassword`} label="Confirm password" required error={fieldError('confirmPassword')}>
          <Input
            type="password"
            autoComplete="new-password"
            {...aria('confirmPassword')}
            {...register('confirmPassword')}
          />
        </Field>
      </div>
      <p className="text-xs text-slate-500">At least {LIMITS.password.min} characters, not a common password.</p>
      <Button type="submit" size="lg" className="w-full" disabled={busy || usernameTaken}>
        {busy ? 'Creating account…' : 'Create Account'}
      </Button>
      <AgreementNote action="signup" className="text-center" />
    </form>
  );
}
