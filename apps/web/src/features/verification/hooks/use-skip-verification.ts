import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useSession } from '../../../lib/auth/session';
import { skipVerification } from '../api/verification';

/** spec §4 Creator onboarding: skip makes the account a creator without a verified handle. */
export function useSkipVerification(onSkipped?: () => void) {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: skipVerification,
    onSuccess: (user) => {
      setUser(user);
      toast.success('Creator profile created', { description: 'You can verify your Threads account later.' });
      onSkipped?.();
    },
    // spec §8 Verification/setup: skip failure.
    onError: () => toast.error('Error', { description: VERIFICATION_MESSAGES.skipFailed }),
  });
}
