import { formatCents, type TLocalCheckoutView } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, CreditCard, FlaskConical, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { RequireAuth } from '../../components/auth/require-auth';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { fillCopy, usePlatformConfig } from '../../lib/platform-config';
import { href, paths } from '../../paths';
import { localCheckoutQuery } from './api/checkout';
import { CardForm } from './components/card-form';

/** /checkout/:paymentId: the local provider's test checkout (ARCHITECTURE §2), clearly not a real charge. */
export function Component() {
  return (
    <RequireAuth>
      <title>Checkout · Fanline</title>
      <section className="mx-auto max-w-xl px-4 py-8 sm:py-12">
        <Checkout />
      </section>
    </RequireAuth>
  );
}

function Checkout() {
  const { paymentId = '' } = useParams();
  const query = useQuery(localCheckoutQuery(paymentId));
  if (query.isPending) return <PageSpinner label="Loading checkout" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status < 500;
    return (
      <EmptyState
        role="alert"
        tone={missing ? 'neutral' : 'error'}
        icon={missing ? SearchX : AlertTriangle}
        headingLevel={1}
        title={missing ? 'Checkout not found' : 'Failed to load checkout'}
        action={
          missing ? (
            <Button asChild>
              <Link to={paths.creators}>Discover Creators</Link>
            </Button>
          ) : (
            <Button onClick={() => void query.refetch()}>Try Again</Button>
          )
        }
      >
        {missing ? 'This checkout does not exist or belongs to another account.' : 'Please try again in a moment.'}
      </EmptyState>
    );
  }
  return <CheckoutView checkout={query.data} />;
}

function CheckoutView({ checkout }: { checkout: TLocalCheckoutView }) {
  const { creator } = checkout;
  const config = usePlatformConfig();
  const copy = (text: string) => fillCopy(text, config);
  const name = creator.displayName || creator.username;
  const paid = checkout.status === 'authorized' || checkout.status === 'succeeded';
  return (
    <div className="space-y-6">
      <div
        role="note"
        className="flex items-start gap-3 rounded-xl border-2 border-amber-300 bg-amber-50 p-4 text-amber-900"
      >
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Test payment — no real card is charged</p>
          <p className="mt-0.5 text-sm">
            This checkout runs on Fanline’s built-in test provider. Use a test card below.
          </p>
        </div>
      </div>

      <Card className="p-5 sm:p-6">
        <h1 className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <CreditCard className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Checkout
        </h1>
        <div className="mt-4 flex items-center gap-3 rounded-xl bg-slate-50 p-4">
          <span aria-hidden="true">
            <Avatar src={creator.avatarUrl} name={name} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">Message to @{creator.username}</p>
            <p className="truncate text-sm text-slate-600">{checkout.messagePreview}</p>
          </div>
          <p className="shrink-0 text-lg font-semibold text-slate-900">{formatCents(checkout.amount)}</p>
        </div>
        <p className="mt-3 text-xs text-slate-500">
          {copy(
            config.paymentMode === 'hold'
              ? `Your card is authorized now and charged only when @${creator.username} replies within {hours}.`
              : `Your card is charged now; if @${creator.username} does not reply within {hours}, you are refunded in full.`,
          )}
        </p>

        {paid ? (
          <div className="mt-6 text-center">
            <CheckCircle2 className="mx-auto h-10 w-10 text-emerald-600" aria-hidden="true" />
            <h2 className="mt-2 text-lg font-semibold">Already paid</h2>
            <p className="mt-1 text-sm text-slate-600">This message has been paid for and delivered.</p>
            <Button asChild className="mt-4">
              <Link to={paths.messages}>Go to Messages</Link>
            </Button>
          </div>
        ) : checkout.status === 'pending' ? (
          <CardForm paymentId={checkout.paymentId} amount={checkout.amount} />
        ) : (
          <div className="mt-6 text-center">
            <h2 className="text-lg font-semibold">This checkout is no longer open</h2>
            <p className="mt-1 text-sm text-slate-600">Start again from the creator’s profile.</p>
            <Button asChild className="mt-4">
              <Link to={href.creatorProfile(creator.username)}>Back to @{creator.username}</Link>
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
