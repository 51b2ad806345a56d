import { normalizeUsername, type TAccountType, type TSignUpResponse } from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldAria } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { UsernameStatus } from '../../../components/ui/username-status';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { useUsernameAvailability } from '../../../lib/auth/use-username-availability';
import { signUpErrorMessage, type TFormError } from '../api/auth-errors';
import { firstSignUpProblem, type TSignUpFormInput, type TSignUpFormValues, ZSignUpForm } from '../api/signup-schema';
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
  const [formError, setFormError] = useState<TFormError | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
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
  const username = watch('username');
  const { status: usernameStatus, markTaken } = useUsernameAvailability(username);
  const usernameTaken = usernameStatus === 'taken';

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
      setFormError({ title: 'Sign up failed', message: signUpErrorMessage(error) });
    },
  });

  const onValid = (values: TSignUpFormValues) => {
    const problem = firstSignUpProblem(values, usernameTaken);
    if (problem) return setFormError(problem);
    setFormError(null);
    onSubmitting?.(true);
    mutation.mutate(values);
  };
  const onInvalid = (_errors: FieldErrors<TSignUpFormInput>) => {
    // zod's first error may be any field's; the headline follows the spec's order instead.
    setFormError(firstSignUpProblem(watch(), usernameTaken));
  };

  // The headline already says it; repeating it under every field adds noise, not information.
  const fieldError = (name: TFieldName) => {
    const message = errors[name]?.message;
    return message && message !== formError?.message ? message : undefined;
  };
  const aria = (name: TFieldName, hasHint = false) => ({
    ...fieldAria(`${id}-${name}`, fieldError(name), hasHint),
    'aria-invalid': errors[name] ? true : undefined,
  });
  const busy = mutation.isPending || mutation.isSuccess;
  const usernameField = register('username');

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-4" aria-busy={busy}>
      {formError && <Alert title={formError.title || undefined}>{formError.message}</Alert>}
      <AccountTypeToggle registration={register('intendedAccountType')} />
      <Field id={`${id}-displayName`} label="Display name" required error={fieldError('displayName')}>
        <Input autoComplete="name" {...aria('displayName')} {...register('displayName')} />
      </Field>
      <div>
        <Field id={`${id}-username`} label="Username" required error={fieldError('username')}>
          <div className="flex items-center rounded-lg focus-within:ring-0">
            <span className="mr-1 text-sm text-slate-500" aria-hidden="true">
              @
            </span>
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...aria('username')}
              aria-invalid={errors.username || usernameTaken ? true : undefined}
              aria-describedby={`${id}-username-status ${fieldError('username') ? `${id}-username-error` : ''}`.trim()}
              {...usernameField}
              onChange={(event) => {
                // spec §5: lowercased and stripped to a-z, 0-9 and _ as you type.
                event.target.value = normalizeUsername(event.target.value);
                return usernameField.onChange(event);
              }}
            />
          </div>
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
      <p className="text-xs text-slate-500">At least 6 characters.</p>
      <Button type="submit" size="lg" className="w-full" disabled={busy || usernameTaken}>
        {busy ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
