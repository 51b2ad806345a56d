import { CONTACT_MESSAGES } from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { sendContactMessage } from '../api/contact';
import { type TContactRequest, ZContactRequest } from '../utils/contact-schema';

const EMPTY: TContactRequest = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZContactRequest), defaultValues: EMPTY });

  // The message is kept for the support inbox (/admin/support); the team answers from its mailbox, so
  // the confirmation says exactly that and promises no time.
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: (_result, sent) => {
      reset(EMPTY);
      toast.success(CONTACT_MESSAGES.received, { description: CONTACT_MESSAGES.nextStep(sent.email.trim()) });
    },
    onError: (error) =>
      toast.error('Your message could not be sent', {
        description: error instanceof ApiError ? error.message : 'Please try again in a moment.',
      }),
  });
  const onValid = (values: TContactRequest) => send.mutate(values);

  // Each control points at its error line so screen readers read the reason with the field.
  const field = (name: keyof TContactRequest) => ({
    id: `${id}-${name}`,
    'aria-required': true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
      <div className="grid gap-4 @md:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...field('name')} />
        </Field>
        <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </Field>
      </div>
      <Field id={`${id}-subject`} label="Subject" error={errors.subject?.message}>
        <Input {...field('subject')} />
      </Field>
      <Field id={`${id}-message`} label="Message" error={errors.message?.message}>
        <Textarea rows={5} {...field('message')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        <Send className="h-4 w-4" aria-hidden="true" />
        Send Message
      </Button>
    </form>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>
        {label}{' '}
        <span className="text-red-600" aria-hidden="true">
          *
        </span>
      </Label>
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
