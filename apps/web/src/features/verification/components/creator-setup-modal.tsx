import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/auth/session';
import { href } from '../../../paths';
import { useSkipVerification } from '../hooks/use-skip-verification';
import { SIMULATED_BUTTON, useThreadsVerification } from '../hooks/use-threads-verification';
import { VerificationStatus } from './verification-status';

interface CreatorSetupModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFinished: (outcome: 'verified' | 'skipped') => void;
}

/**
 * spec §2: the creator setup modal, with the profile URL, Verify and Skip. The URL is plain text, not
 * a link: until setup is finished it answers 'Profile Not Found', so the modal says when it goes live.
 */
export function CreatorSetupModal({ open, onOpenChange, onFinished }: CreatorSetupModalProps) {
  const { user } = useSession();
  const { state, verify, simulated } = useThreadsVerification();
  const skip = useSkipVerification(() => onFinished('skipped'));
  const username = user?.username ?? '';
  const profileUrl = username ? `${window.location.origin}${href.creatorProfile(username)}` : null;
  const busy = state.status === 'loading' || skip.isPending;

  // spec §5: creator setup needs a username.
  const requireUsername = () => {
    if (username) return true;
    toast.error('Username required', { description: VERIFICATION_MESSAGES.usernameRequired });
    return false;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Complete your creator setup"
        description="Verify your Threads account to get a verified badge, or skip and do it later."
      >
        <div className="space-y-4">
          <div>
            <p className="text-sm font-medium text-slate-700">Your profile URL</p>
            <p className="mt-1 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
              <Link2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="min-w-0 break-all font-mono text-slate-700">{profileUrl ?? 'No username yet'}</span>
            </p>
            {profileUrl && (
              <p className="mt-1 text-xs text-slate-600">
                Not live yet: your profile goes live at this address once you finish setup (verify or skip below).
              </p>
            )}
          </div>
          <VerificationStatus state={state} simulated={simulated} />
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button
              className="sm:flex-1"
              disabled={busy}
              onClick={async () => {
                if (requireUsername() && (await verify(username))) onFinished('verified');
              }}
            >
              {state.status === 'loading' ? 'Verifying…' : simulated ? SIMULATED_BUTTON : 'Verify with Threads'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => requireUsername() && skip.mutate()}>
              {skip.isPending ? 'Skipping…' : 'Skip for now'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
