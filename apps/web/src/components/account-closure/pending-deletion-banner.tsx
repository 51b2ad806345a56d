import { ACCOUNT_DELETION_MESSAGES, AUTH_MESSAGES } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '../../lib/format-date';
import { Button } from '../ui/button';
import { accountDeletionKey, accountDeletionQuery, cancelDeletion } from './account-deletion-query';

/**
 * Issue 41 point 2: signed in during the 14-day grace, every page says the account is closing and
 * offers "Cancel deletion" at once. Rendered only for a signed-in user (site-layout.tsx).
 */
export default function PendingDeletionBanner() {
  const queryClient = useQueryClient();
  const state = useQuery(accountDeletionQuery());
  const cancel = useMutation({
    mutationFn: cancelDeletion,
    onSuccess: (data) => {
      queryClient.setQueryData(accountDeletionKey, data);
      toast.success(ACCOUNT_DELETION_MESSAGES.cancelled);
    },
    onError: () => toast.error(AUTH_MESSAGES.unexpected),
  });
  const deletion = state.data?.deletion;
  if (deletion?.status !== 'pending') return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2 bg-red-50 px-4 py-2 text-center text-sm text-red-900"
    >
      <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        Your account is closing: it will be deleted on <strong>{formatDate(deletion.scheduledFor)}</strong>.
      </span>
      <Button size="sm" variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel deletion'}
      </Button>
    </div>
  );
}
