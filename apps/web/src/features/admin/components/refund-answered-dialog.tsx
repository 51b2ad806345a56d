import {
  ADMIN_REFUND_REASON_MAX,
  formatCents,
  type TAdminMessageRow,
  type TAdminRefundAnsweredResult,
  ZAdminRefundAnsweredRequest,
} from '@fanline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { adminKeys, refundAnsweredMessage } from '../api/admin';

const name = (p: TAdminMessageRow['sender'], fallback: string) => p.displayName ?? fallback;

/** What became of the creator's earning, in the toast that follows the ruling (decision 0055). */
const TAKE_BACK: Record<NonNullable<TAdminRefundAnsweredResult['takeBack']>, string> = {
  cancelled: 'The creator’s earning was not paid out yet and is cancelled.',
  reversed: 'The transfer to the creator’s Stripe account was reversed.',
  netted: 'Stripe refused to reverse the transfer: the earning is deducted from the creator’s next payout.',
};

function outcomeToast(result: TAdminRefundAnsweredResult) {
  const amount = formatCents(result.amountCents);
  const how = result.takeBack ? ` ${TAKE_BACK[result.takeBack]}` : '';
  if (result.outcome === 'already') {
    toast.info('Already refunded', { description: `The fan’s ${amount} had already gone back to them.${how}` });
  } else if (result.outcome === 'queued') {
    toast.warning('Refund queued', {
      description: `The payment provider did not answer now; the ${amount} refund is retried and admins are alerted if it keeps failing.`,
    });
  } else {
    toast.success('Fan refunded', { description: `${amount} is on its way back to the fan.${how}` });
  }
}

/**
 * Decision 0055: an admin's ruling for the fan on an answered, paid message. The dialog says the amount
 * and that the creator's earning is taken back, asks for the reason (required, audited) and sends it;
 * outcome and errors are toasts, and an error also stays under the reason.
 */
export function RefundAnsweredAction({ row }: { row: TAdminMessageRow }) {
  const queryClient = useQueryClient();
  const amount = formatCents(row.amountCents);
  const fan = name(row.sender, 'the fan');
  const creator = name(row.recipient, 'the creator');
  return (
    <ReasonDialog
      trigger={(open) => (
        <Button size="sm" variant="secondary" onClick={open} aria-label={`Refund fan ${amount}`}>
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          Refund fan
        </Button>
      )}
      title="Refund this answered message?"
      description={`${fan} gets their ${amount} back on their card. ${creator} already replied, so their earning for this message is reversed: cancelled if not paid out yet, otherwise taken back from their Stripe account (or from their next payout if Stripe refuses).`}
      label="Reason (kept in the audit log)"
      placeholder="Why does the fan get their money back?"
      maxLength={ADMIN_REFUND_REASON_MAX}
      submitLabel={`Refund ${amount}`}
      problem={(reason) => {
        const parsed = ZAdminRefundAnsweredRequest.safeParse({ reason });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason.');
      }}
      send={async (reason) => {
        try {
          outcomeToast(await refundAnsweredMessage(row.id, reason));
        } catch (error) {
          toast.error('Refund failed', { description: error instanceof Error ? error.message : String(error) });
          throw error;
        }
      }}
      onSent={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all })}
    />
  );
}
