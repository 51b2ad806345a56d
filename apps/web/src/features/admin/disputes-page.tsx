import { formatCents, type TAdminDispute } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Scale, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Field, fieldAria } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { RelativeTime } from '../../components/ui/relative-time';
import { formatDateTime } from '../../lib/format-date';
import { adminKeys } from './api/admin';
import { adminDisputesQuery, submitDisputeEvidence } from './api/disputes';
import { ListBody, Pager, useAdminList } from './components/admin-list';

/** Stripe's statuses in plain words: who has to act, or how it ended. */
const STATUS: Record<TAdminDispute['status'], { label: string; tone: string }> = {
  needs_response: { label: 'Needs your answer', tone: 'bg-red-100 text-red-800' },
  under_review: { label: 'With the bank', tone: 'bg-amber-100 text-amber-900' },
  won: { label: 'Won: the payment stands', tone: 'bg-emerald-100 text-emerald-800' },
  lost: { label: 'Lost: the fan keeps the money', tone: 'bg-slate-100 text-slate-700' },
  warning_needs_response: { label: 'Inquiry: needs your answer', tone: 'bg-red-100 text-red-800' },
  warning_under_review: { label: 'Inquiry: with the bank', tone: 'bg-amber-100 text-amber-900' },
  warning_closed: { label: 'Inquiry closed', tone: 'bg-slate-100 text-slate-700' },
};

const EARNING: Record<NonNullable<TAdminDispute['earningAction']>, string> = {
  held: 'The creator’s share is on hold.',
  clawed_back: 'The creator’s share was taken back from their Stripe balance.',
  none: 'No creator earning is at stake.',
};

const HOUR = 3_600_000;

/** What is left until the deadline: "6 days left", "5 hours left", "less than an hour left", "past due". */
function timeLeft(iso: string, now = Date.now()): string {
  const left = new Date(iso).getTime() - now;
  if (left <= 0) return 'past due';
  if (left < HOUR) return 'less than an hour left';
  if (left < 48 * HOUR) return `${Math.floor(left / HOUR)} hours left`;
  return `${Math.floor(left / (24 * HOUR))} days left`;
}

const person = (p: TAdminDispute['fan']) => p.displayName ?? `@${p.username}`;
const answerable = (d: TAdminDispute) =>
  (d.status === 'needs_response' || d.status === 'warning_needs_response') &&
  (d.dueBy === null || new Date(d.dueBy).getTime() > Date.now());

/**
 * Disputes (issue 37 gap 2, decision 0054): chargebacks a fan's bank opened, newest first, each with
 * its deadline. An admin answers one with text for the bank; it is sent to Stripe and submitted, once.
 */
export function Component() {
  const list = useAdminList('all');
  const query = useQuery(adminDisputesQuery(list.page));
  const [answering, setAnswering] = useState<TAdminDispute | null>(null);

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        When a fan asks their bank for their money back, Stripe takes it from the platform until the bank decides.
        Answer before the deadline: the bank rules without us after it.
      </p>
      <ListBody
        query={query}
        rows={(data) => data.disputes}
        errorTitle="Disputes could not be loaded"
        empty={<EmptyState icon={ShieldCheck} title="No disputes: no fan’s bank has questioned a payment." />}
        skeletons={3}
        skeletonClassName="h-28"
      >
        {(d) => <DisputeRow key={d.id} dispute={d} onAnswer={() => setAnswering(d)} />}
      </ListBody>
      <Pager list={list} page={query.data} />
      <EvidenceDialog dispute={answering} onClose={() => setAnswering(null)} />
    </div>
  );
}

function DisputeRow({ dispute: d, onAnswer }: { dispute: TAdminDispute; onAnswer: () => void }) {
  const status = STATUS[d.status];
  return (
    <article className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span>{formatCents(d.amountCents)}</span>
          <Badge className={status.tone}>{status.label}</Badge>
          <span className="text-sm font-normal text-slate-600">Reason: {d.reason.replaceAll('_', ' ')}</span>
        </p>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
          {person(d.fan)} paid {person(d.creator)}
          {d.earningAction && <> · {EARNING[d.earningAction]}</>}
        </p>
        {d.messagePreview && (
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">Message: “{d.messagePreview}”</p>
        )}
        {d.dueBy && (d.status === 'needs_response' || d.status === 'warning_needs_response') && (
          <p className="text-sm font-medium text-slate-900">
            Answer by <time dateTime={String(d.dueBy)}>{formatDateTime(new Date(d.dueBy))}</time> (
            {timeLeft(String(d.dueBy))})
          </p>
        )}
        {d.evidenceText && (
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            Our answer
            {d.evidenceSubmittedAt && (
              <>
                , sent <RelativeTime iso={String(d.evidenceSubmittedAt)} />
              </>
            )}
            : “{d.evidenceText}”
          </p>
        )}
        <p className="text-xs text-slate-600">
          Opened <RelativeTime iso={String(d.createdAt)} /> · payment {d.paymentId.slice(0, 8)}
        </p>
      </div>
      {answerable(d) && (
        <div className="shrink-0">
          <Button
            size="sm"
            onClick={onAnswer}
            aria-label={`Answer the bank: dispute of ${formatCents(d.amountCents)} from ${person(d.fan)}`}
          >
            <Scale className="h-4 w-4" aria-hidden="true" />
            Answer the bank
          </Button>
        </div>
      )}
    </article>
  );
}

const MIN = 20;
const MAX = 5000;

function EvidenceDialog({ dispute, onClose }: { dispute: TAdminDispute | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: ({ id, evidence }: { id: string; evidence: string }) =>
      submitDisputeEvidence(id, { text: evidence, submit: true }),
    onSuccess: () => {
      toast.success('Your answer was sent to the bank');
      setText('');
      onClose();
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (e) => toast.error('The answer could not be sent', { description: e.message }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dispute) return;
    const evidence = text.trim();
    if (evidence.length < MIN) {
      setError(`Write at least ${MIN} characters for the bank.`);
      return;
    }
    setError(undefined);
    send.mutate({ id: dispute.id, evidence });
  };
  return (
    <Dialog open={dispute !== null} onOpenChange={(next) => !next && onClose()}>
      {dispute && (
        <DialogContent
          title="Answer the bank"
          description={`${formatCents(dispute.amountCents)} from ${person(dispute.fan)} to ${person(dispute.creator)}. The bank sees only what you write here, once: it cannot be changed after sending.`}
        >
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <Field
              id="dispute-evidence"
              label="What happened"
              required
              error={error}
              hint="Say what the fan paid for and that the creator answered: when, and how the fan could read it."
            >
              <Textarea
                {...fieldAria('dispute-evidence', error, true, true)}
                value={text}
                maxLength={MAX}
                rows={6}
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Send to the bank'}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
