import { AUTH_MESSAGES, ZEmail } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { DemoMailboxLink } from '../../../components/demo/demo-mailbox';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';

interface EmailRequestFormProps {
  submitLabel: string;
  /** Shown once sent; the server answers the same whether or not the address has an account. */
  sentMessage: string;
  send: (email: string) => Promise<void>;
  defaultEmail?: string;
}

/** One email field that asks the server to mail something (a reset link, a new confirmation link). */
export function EmailRequestForm({ submitLabel, sentMessage, send, defaultEmail = '' }: EmailRequestFormProps) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: send });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) return setInvalid(AUTH_MESSAGES.invalidEmail);
    setInvalid(null);
    mutation.mutate(parsed.data);
  };

  if (mutation.isSuccess) {
    return (
      <Alert tone="success" title="Check your email">
        {sentMessage}
        <DemoMailboxLink className="block" />
      </Alert>
    );
  }
  const failure = mutation.error
    ? mutation.error instanceof ApiError && mutation.error.code === 'RATE_LIMITED'
      ? AUTH_MESSAGES.tooManyAttempts
      : mutation.error instanceof ApiError && mutation.error.status > 0 && mutation.error.status < 500
        ? mutation.error.message
        : AUTH_MESSAGES.unexpected
    : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <Field id={`${id}-email`} label="Email" error={invalid ?? undefined}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-email-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
