import {
  LIMITS,
  PROFILE_MESSAGES,
  type TSessionUser,
  type TUpdateProfileRequest,
  ZDisplayName,
  ZUsername,
} from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, fieldAria } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { UsernameInput } from '../../../components/ui/username-input';
import { UsernameStatus } from '../../../components/ui/username-status';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { useUsernameAvailability } from '../../../lib/auth/use-username-availability';
import { cn } from '../../../lib/cn';
import { href } from '../../../paths';
import { SETTINGS_SAVE_FAILED, updateProfile } from '../api/account';
import { AvatarUpload } from './avatar-upload';

const ZProfileForm = z.object({
  displayName: ZDisplayName,
  username: ZUsername,
  bio: z.string().max(LIMITS.bio.max, `Bio must be at most ${LIMITS.bio.max} characters.`),
});
type TProfileForm = z.input<typeof ZProfileForm>;

const formValues = (user: TSessionUser): TProfileForm => ({
  displayName: user.displayName ?? '',
  username: user.username,
  bio: user.bio ?? '',
});

/** The Profile tab (spec §2 Profile settings); /dashboard/settings reuses it until the creator issue. */
export function ProfileForm({ user }: { user: TSessionUser }) {
  const id = useId();
  const { setUser } = useSession();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TProfileForm>({ resolver: zodResolver(ZProfileForm), values: formValues(user) });
  const username = watch('username');
  const bioLength = watch('bio').length;
  const { status: usernameStatus, markTaken } = useUsernameAvailability(username, user.username);

  const save = useMutation({
    mutationFn: (values: TProfileForm) => {
      // Send what changed only; an unchanged username must not trip the availability rule.
      const body: TUpdateProfileRequest = {};
      if (values.displayName.trim() !== (user.displayName ?? '')) body.displayName = values.displayName.trim();
      if (values.username !== user.username) body.username = values.username;
      if (values.bio !== (user.bio ?? '')) body.bio = values.bio || null;
      return updateProfile(body);
    },
    onSuccess: (updated) => {
      setUser(updated);
      reset(formValues(updated));
      toast.success('Settings saved', { description: PROFILE_MESSAGES.saved });
    },
    onError: (error, values) => {
      if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') {
        markTaken(values.username);
        setError('username', { message: error.message });
      } else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in values) setError(name as keyof TProfileForm, { message });
        }
      }
      const description =
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'INTERNAL'
          ? error.message
          : SETTINGS_SAVE_FAILED;
      toast.error('Error', { description });
    },
  });

  const usernameField = register('username');
  const usernameTaken = usernameStatus === 'taken';
  const publicLink = `${window.location.origin}${href.creatorProfile(username || user.username)}`;

  return (
    <div className="space-y-6">
      <AvatarUpload />
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-displayName`} label="Display name" required error={errors.displayName?.message}>
            <Input
              autoComplete="name"
              {...fieldAria(`${id}-displayName`, errors.displayName?.message, false, true)}
              {...register('displayName')}
            />
          </Field>
          <div>
            <Field id={`${id}-username`} label="Username" required error={errors.username?.message}>
              <UsernameInput
                id={`${id}-username`}
                field={usernameField}
                error={errors.username?.message}
                invalid={Boolean(errors.username || usernameTaken)}
              />
            </Field>
            <UsernameStatus id={`${id}-username-status`} status={usernameStatus} />
          </div>
        </div>
        {user.isCreator && (
          <p className="-mt-2 break-all text-xs text-slate-500">
            Your public link: <span className="font-mono text-slate-700">{publicLink}</span>
          </p>
        )}
        <Field id={`${id}-email`} label="Email" hint={PROFILE_MESSAGES.emailReadOnly}>
          <Input
            id={`${id}-email`}
            type="email"
            value={user.email}
            readOnly
            className="bg-slate-50 text-slate-600"
            aria-describedby={`${id}-email-hint`}
          />
        </Field>
        <Field
          id={`${id}-bio`}
          label="Bio"
          error={errors.bio?.message}
          hint={
            <span className={cn(bioLength > LIMITS.bio.max && 'font-medium text-red-600')}>
              {bioLength}/{LIMITS.bio.max} characters
            </span>
          }
        >
          <Textarea
            rows={4}
            placeholder="Tell fans about yourself"
            {...fieldAria(`${id}-bio`, errors.bio?.message, true)}
            {...register('bio')}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || !isDirty || usernameTaken}>
            {save.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </div>
  );
}
