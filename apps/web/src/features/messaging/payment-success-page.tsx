import { dollarsToCents, formatCents } from '@fanline/contracts';
import { Bell, CheckCircle2, Clock, MessageSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PushOffer } from '../../components/push/push-offer';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useCopy } from '../../lib/platform-config';
import { href, paths } from '../../paths';

const STEPS = [
  { icon: Bell, text: (who: string) => `${who} has been notified of your message.` },
  {
    icon: Clock,
    text: (who: string) => `${who} replies within {hours} — or {notCharged}{released}.`,
  },
  { icon: MessageSquare, text: () => 'The reply appears in your messages as soon as it is sent.' },
] as const;

/** spec §2 /payment-success?creator={username}&amount={dollars}. */
export function Component() {
  const [params] = useSearchParams();
  const copy = useCopy();
  const creator = params.get('creator')?.trim() || '';
  const dollars = Number(params.get('amount'));
  const amount = Number.isFinite(dollars) && dollars > 0 ? formatCents(dollarsToCents(dollars)) : null;
  const who = creator ? `@${creator}` : 'The creator';

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <title>Payment successful · Fanline</title>
      <Card className="p-6 text-center sm:p-8">
        <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Payment successful</h1>
        {amount && creator && (
          <p className="mt-2 text-lg text-slate-700">
            <span className="font-semibold text-slate-900">{amount}</span> to{' '}
            <span className="font-semibold text-slate-900">@{creator}</span>
          </p>
        )}
        <h2 className="mt-8 text-left text-sm font-semibold tracking-wide text-slate-500 uppercase">
          What happens next
        </h2>
        <ol className="mt-3 space-y-3 text-left text-sm text-slate-700">
          {STEPS.map(({ icon: Icon, text }) => (
            <li key={text(who)} className="flex gap-3 rounded-xl bg-slate-50 p-3">
              <Icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
              {copy(text(who))}
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to={paths.messages}>View my messages</Link>
          </Button>
          {creator && (
            <Button asChild variant="secondary">
              <Link to={href.creatorProfile(creator)}>Back to @{creator}</Link>
            </Button>
          )}
        </div>
      </Card>
      <div className="mt-4">
        <PushOffer
          title="Know the moment they reply"
          body={`Get a notification on this device when ${who} replies, even when Fanline is closed.`}
        />
      </div>
    </section>
  );
}
