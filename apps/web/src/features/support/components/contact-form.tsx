import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input';
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

  // spec §2 Support: nothing is sent; a valid submission only clears the form.
  const onValid = () => {
    reset(EMPTY);
    toast.success('Thanks! Your message has been received.', { description: 'We typically respond within 2 hours.' });
  };

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
      <Button type="submit" size="lg" className="w-full">
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
