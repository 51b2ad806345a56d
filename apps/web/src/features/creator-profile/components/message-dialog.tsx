import { formatCents, type TPublicProfile } from '@fanline/contracts';
import { Clock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { VerifiedBadge } from '../../creators/components/verified-badge';

interface MessageDialogProps {
  creator: Pick<TPublicProfile, 'username' | 'displayName' | 'instagramVerified' | 'messagePrice'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Stand-in for spec §2's Message dialog until paid messaging is built (its own issue replaces this
 * file). It takes no message and no payment: it only says messaging opens soon.
 */
export function MessageDialog({ creator, open, onOpenChange }: MessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={
          <span className="inline-flex items-center gap-1.5">
            Send message to @{creator.username}
            {creator.instagramVerified && <VerifiedBadge />}
          </span>
        }
        description="Paid messages are not open yet."
      >
        <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
          <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            Messaging opens soon. You will be able to send {creator.displayName || `@${creator.username}`} a message for{' '}
            {formatCents(creator.messagePrice)} and get a personal reply within 24 hours, or your money back. Nothing is
            charged today.
          </p>
        </div>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
