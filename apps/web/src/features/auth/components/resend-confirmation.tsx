import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { resendConfirmation } from '../api/account';

/** "Resend confirmation email" for an address we already know (the login form's, say). */
export function ResendConfirmationButton({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => resendConfirmation(email.trim()),
    // The server answers 202 whether or not the address exists, so the wording stays neutral.
    onSuccess: () => toast.success('Confirmation email sent', { description: `Check the inbox of ${email.trim()}.` }),
    onError: (error) => toast.error('Could not send the email', { description: error.message }),
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-2"
      disabled={resend.isPending || !email.trim()}
      onClick={() => resend.mutate()}
    >
      <MailCheck className="h-4 w-4" aria-hidden="true" />
      {resend.isPending ? 'Sending…' : 'Resend confirmation email'}
    </Button>
  );
}
