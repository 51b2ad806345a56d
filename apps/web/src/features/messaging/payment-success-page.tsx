import { formatCents, type TPaymentReceipt } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Bell, CheckCircle2, Clock, MessageSquare, SearchX, Undo2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RequireAuth } from '../../components/auth/require-auth';
import { PushOffer } from '../../components/push/push-offer';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useCopy } from '../../lib/platform-config';
import { href, paths } from '../../paths';
import { paymentReceiptQuery } from './api/checkout';
import { moneyBackCopy } from './money-back-copy';

const STEPS = [
  { icon: Bell, text: (who: string) => `${who} has been notified of your message.` },
  {
    icon: Clock,
    text: (who: string) => `${who} replies within {hours} — or {notCharged}{released}.`,
  },
  { icon: MessageSquare, text: () => 'The reply appears in your messages as soon as it is sent.' },
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * spec §2 /payment-success, after a checkout: `?payment={id}`. Issue 36 §3: it used to show whatever
 * `?creator=…&amount=…` said ("Payment successful $9,999 to @anyone"). Now it shows only the payment
 * the server finds for that id among the visitor's own, with its real amount, creator and state; an
 * unknown, foreign or missing id shows "not found" (and the server answers the page with a 404).
 */
export function Component() {
  return (
    <RequireAuth>
      <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <Receipt />
      </section>
    </RequireAuth>
  );
}

function Receipt() {
  const [params] = useSearchParams();
  const paymentId = params.get('payment')?.trim() ?? '';
  const valid = UUID.test(paymentId);
  const query = useQuery({ ...paymentReceiptQuery(paymentId), enabled: valid });
  if (!valid || (query.isError && query.error instanceof ApiError && query.error.status < 500)) return <NotFound />;
  if (query.isError)
    return (
      <EmptyState
        role="alert"
        tone="error"
        icon={AlertTriangle}
        headingLevel={1}
        title="Your payment could not be loaded"
        action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
      >
        Please try again in a moment. Your messages show every message you paid for.
      </EmptyState>
    );
  if (query.isPending) return <PageSpinner label="Loading your payment" />;
  return <ReceiptView receipt={query.data} />;
}

function NotFound() {
  return (
    <>
      <title>Payment not found · Fanline</title>
      <EmptyState
        icon={SearchX}
        headingLevel={1}
        title="Payment not found"
        action={
          <Button asChild>
            <Link to={paths.messages}>View my messages</Link>
          </Button>
        }
      >
        This payment does not exist or belongs to another account. Your messages show every message you paid for.
      </EmptyState>
    </>
  );
}

const HEADLINE: Record<TPaymentReceipt['state'], string> = {
  awaiting: 'Confirming your payment…',
  held: 'Message sent',
  charged: 'Message sent',
  returned: 'Your money went back',
  failed: 'Payment not completed',
};

function ReceiptView({ receipt }: { receipt: TPaymentReceipt }) {
  const copy = useCopy(moneyBackCopy);
  const creator = receipt.creator.username;
  const who = `@${creator}`;
  const amount = formatCents(receipt.amountCents);
  const sent = receipt.state === 'held' || receipt.state === 'charged';
  const Icon = sent
    ? CheckCircle2
    : receipt.state === 'returned'
      ? Undo2
      : receipt.state === 'failed'
        ? AlertTriangle
        : Clock;
  return (
    <>
      <title>{`${HEADLINE[receipt.state]} · Fanline`}</title>
      <Card className="p-6 text-center sm:p-8">
        <Icon className={`mx-auto h-14 w-14 ${sent ? 'text-emerald-600' : 'text-slate-500'}`} aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{HEADLINE[receipt.state]}</h1>
        <p className="mt-2 text-lg text-slate-700" data-testid="payment-summary">
          {receipt.state === 'held' ? (
            // Issue 36 §17: a hold is not a payment yet; the card is charged only when the reply comes.
            <>
              <span className="font-semibold text-slate-900">{amount}</span> held until{' '}
              <span className="font-semibold text-slate-900">{who}</span> replies
            </>
          ) : receipt.state === 'charged' ? (
            <>
              <span className="font-semibold text-slate-900">{amount}</span> paid to{' '}
              <span className="font-semibold text-slate-900">{who}</span>
            </>
          ) : receipt.state === 'returned' ? (
            <>
              <span className="font-semibold text-slate-900">{amount}</span> for {who} went back to you.
            </>
          ) : receipt.state === 'failed' ? (
            <>Your card was not charged and {who} did not get your message.</>
          ) : (
            <>
              <span className="font-semibold text-slate-900">{amount}</span> to{' '}
              <span className="font-semibold text-slate-900">{who}</span>: waiting for the payment provider.
            </>
          )}
        </p>
        {sent && (
          <>
            <h2 className="mt-8 text-left text-sm font-semibold tracking-wide text-slate-500 uppercase">
              What happens next
            </h2>
            <ol className="mt-3 space-y-3 text-left text-sm text-slate-700">
              {STEPS.map(({ icon: StepIcon, text }) => (
                <li key={text(who)} className="flex gap-3 rounded-xl bg-slate-50 p-3">
                  <StepIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {copy(text(who))}
                </li>
              ))}
            </ol>
          </>
        )}
        <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to={paths.messages}>View my messages</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={href.creatorProfile(creator)}>Back to {who}</Link>
          </Button>
        </div>
      </Card>
      {sent && (
        <div className="mt-4">
          <PushOffer
            title="Know the moment they reply"
            body={`Get a notification on this device when ${who} replies, even when Fanline is closed.`}
          />
        </div>
      )}
    </>
  );
}
