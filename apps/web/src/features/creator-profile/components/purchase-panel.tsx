import { formatCents, type TPublicProfile } from '@fanline/contracts';
import { Ban, Clock, MessageCircle, RotateCcw, ShieldCheck } from 'lucide-react';
import { pauseNote } from '../../../components/creators/pause-note';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useCopy, usePlatformConfig } from '../../../lib/platform-config';

export type TMessageAvailability = 'available' | 'unavailable' | 'not_onboarded';

/**
 * spec §2 (Message) and §6: only available creators can be messaged, and while the admin setting
 * require_creator_verification is on, only onboarded (verified) ones.
 */
export function messageAvailability(
  profile: Pick<TPublicProfile, 'isAvailable' | 'threadsOnboardingCompleted'> & {
    pauseReason?: TPublicProfile['pauseReason'];
  },
  requireVerification = true,
): TMessageAvailability {
  // Issue #13: full, capped for today or on vacation reads as unavailable too.
  if (!profile.isAvailable || profile.pauseReason) return 'unavailable';
  return profile.threadsOnboardingCompleted || !requireVerification ? 'available' : 'not_onboarded';
}

interface MessageButtonProps {
  availability: TMessageAvailability;
  username: string;
  disabled?: boolean;
  onMessage: () => void;
  /** A pointer over, a touch on or focus on the button: time to fetch the message dialog's code. */
  onIntent?: () => void;
  className?: string;
}

/** The Message button, or spec §2's 'Currently Unavailable' (and 'Not Available Yet' before onboarding). */
export function MessageButton({
  availability,
  username,
  disabled,
  onMessage,
  onIntent,
  className,
}: MessageButtonProps) {
  if (availability === 'unavailable') {
    return (
      <Button variant="secondary" size="lg" className={className} disabled>
        Currently Unavailable
      </Button>
    );
  }
  if (availability === 'not_onboarded') {
    return (
      <Button variant="secondary" size="lg" className={className} disabled>
        Not Available Yet
      </Button>
    );
  }
  return (
    <Button
      size="lg"
      className={className}
      disabled={disabled}
      onClick={onMessage}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
    >
      <MessageCircle className="h-5 w-5" aria-hidden="true" />
      Message @{username}
    </Button>
  );
}

interface PurchasePanelProps {
  profile: TPublicProfile;
  /** Issue 36: why this signed-in visitor cannot message the creator (a block), said before they write. */
  refusal?: string | null;
  sessionLoading: boolean;
  onMessage: () => void;
  onIntent?: () => void;
}

export function PurchasePanel({ profile, refusal, sessionLoading, onMessage, onIntent }: PurchasePanelProps) {
  const copy = useCopy();
  const { requireCreatorVerification } = usePlatformConfig();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-sm font-medium text-slate-500">Message price</h2>
      <p className="mt-1 text-3xl font-bold text-slate-900">{formatCents(profile.messagePrice)}</p>
      {refusal ? (
        <p
          role="note"
          data-testid="message-refusal"
          className="mt-4 flex gap-2 rounded-xl bg-slate-100 px-4 py-3 text-sm font-medium text-slate-800"
        >
          <Ban className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {refusal}
        </p>
      ) : (
        <MessageButton
          availability={messageAvailability(profile, requireCreatorVerification)}
          username={profile.username}
          disabled={sessionLoading}
          onMessage={onMessage}
          onIntent={onIntent}
          className="mt-4 w-full"
        />
      )}
      {!refusal && profile.isAvailable && pauseNote(profile) && (
        <p className="mt-2 text-center text-sm text-slate-600">{pauseNote(profile)}</p>
      )}
      <ul className="mt-5 space-y-2 text-sm text-slate-600">
        <li className="flex gap-2">
          <Clock className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
          {copy('A personal reply within {hours}')}
        </li>
        <li className="flex gap-2">
          <RotateCcw className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
          No reply in time? You get a full refund
        </li>
        <li className="flex gap-2">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
          Secure card payment
        </li>
      </ul>
    </Card>
  );
}
