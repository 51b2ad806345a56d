import { LIMITS, NOT_AN_ANSWER_MESSAGES, type TThreadMessage, ZNotAnAnswerRequest } from '@fanline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RotateCcw, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { api } from '../../../lib/api-client';

const M = NOT_AN_ANSWER_MESSAGES;
const UNTIL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Issue #13: under a creator's paid reply, the fan who paid may flag it "not an answer" until
 * `flaggableUntil` (48 hours after the reply); once flagged, the flag's state and its outcome.
 */
export function NotAnAnswer({ message, onFlagged }: { message: TThreadMessage; onFlagged: () => void }) {
  if (message.flag) return <FlagState status={message.flag.status} />;
  if (!message.flaggableUntil) return null;
  return <FlagDialog message={message} until={message.flaggableUntil} onFlagged={onFlagged} />;
}

function FlagState({ status }: { status: 'pending' | 'approved' | 'rejected' }) {
  const look = {
    pending: { text: M.pending, icon: CircleAlert, tone: 'bg-amber-100 text-amber-800' },
    approved: { text: M.approved, icon: RotateCcw, tone: 'bg-slate-200 text-slate-700' },
    rejected: { text: M.rejected, icon: ShieldCheck, tone: 'bg-slate-100 text-slate-700' },
  }[status];
  const Icon = look.icon;
  return (
    <div className="mt-1 flex justify-start">
      <Badge className={look.tone} data-testid="flag-state">
        <Icon className="h-3 w-3" aria-hidden="true" />
        {look.text}
      </Badge>
    </div>
  );
}

function FlagDialog({
  message,
  until,
  onFlagged,
}: {
  message: TThreadMessage;
  until: string | Date;
  onFlagged: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      trigger={(open) => (
        <div className="mt-1 flex justify-start">
          <button
            type="button"
            onClick={open}
            className="inline-flex items-center gap-1 rounded text-xs font-medium text-slate-600 underline-offset-2 hover:text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CircleAlert className="h-3 w-3" aria-hidden="true" />
            {M.action}
            <span className="text-slate-500">(until {UNTIL.format(new Date(until))})</span>
          </button>
        </div>
      )}
      title={M.dialogTitle}
      description={M.dialogBody}
      label={M.reasonLabel}
      placeholder="What did you ask, and what is missing from the reply?"
      maxLength={LIMITS.notAnAnswerReason.max}
      submitLabel={M.submit}
      problem={(reason) => {
        const parsed = ZNotAnAnswerRequest.safeParse({ reason });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? M.reasonLabel);
      }}
      send={(reason) => api(`/messages/${message.id}/not-an-answer`, { method: 'POST', body: { reason } })}
      onSent={() => {
        toast.success('Reply flagged', { description: M.sent });
        onFlagged();
        void queryClient.invalidateQueries();
      }}
    />
  );
}
