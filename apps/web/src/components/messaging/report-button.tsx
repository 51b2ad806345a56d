import { LIMITS, REPORT_MESSAGES, ZReportRequest } from '@fanline/contracts';
import { Flag } from 'lucide-react';
import { toast } from 'sonner';
import { api } from '../../lib/api-client';
import { ReasonDialog } from '../ui/reason-dialog';

/**
 * Report the other party's message or reply (issue #12): a small button beside it and a dialog with
 * a required reason. The server allows only the two parties and one open report per person and item.
 */
export function ReportButton({ messageId, target }: { messageId: string; target: 'message' | 'reply' }) {
  const what = target === 'reply' ? 'reply' : 'message';
  return (
    <ReasonDialog
      trigger={(open) => (
        <button
          type="button"
          onClick={open}
          className="inline-flex items-center gap-1 rounded text-xs text-slate-500 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Report this ${what}`}
        >
          <Flag className="h-3 w-3" aria-hidden="true" />
          Report
        </button>
      )}
      title={`Report this ${what}`}
      description="Our moderators review every report. We will tell you the outcome in your notifications."
      label="Reason"
      placeholder="What is wrong with it?"
      maxLength={LIMITS.reportReason.max}
      submitLabel="Send Report"
      problem={(reason) => {
        const parsed = ZReportRequest.safeParse({ target, reason });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please tell us what is wrong');
      }}
      send={(reason) => api(`/messages/${messageId}/report`, { method: 'POST', body: { target, reason } })}
      onSent={() => toast.success('Report sent', { description: REPORT_MESSAGES.sent })}
    />
  );
}
