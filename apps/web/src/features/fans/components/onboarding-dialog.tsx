import { Clock, CreditCard, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

/**
 * spec §2 Sender dashboard onboarding modal: how paying works, shown once. `windowHours` is the live
 * response window setting.
 */
export function OnboardingDialog({
  open,
  windowHours,
  onDismiss,
}: {
  open: boolean;
  windowHours: number | undefined;
  onDismiss: () => void;
}) {
  const window = windowHours ? `${windowHours} hours` : 'the response window';
  const steps = [
    { icon: Search, title: 'Find a creator', body: 'Browse Discover and open a profile you like.' },
    {
      icon: CreditCard,
      title: 'Send a paid message',
      body: 'Your card is held for the creator’s price; you are charged only when they reply.',
    },
    {
      icon: Clock,
      title: `A reply within ${window}`,
      body: `If the creator does not reply within ${window}, the hold is released automatically.`,
    },
  ];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()}>
      <DialogContent title="Welcome to Fanline" description="Here is how it works.">
        <ol className="space-y-4">
          {steps.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon className="h-4 w-4" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-medium text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{body}</span>
              </span>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Get started</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
