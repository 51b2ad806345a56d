import type { TNotificationPreferences } from '@fanline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, X } from 'lucide-react';
import { useState } from 'react';
import {
  fetchNotificationPreferences,
  notificationPreferencesKey,
  saveNotificationPreferences,
} from '../../lib/notification-preferences';
import { dismissPushOffer, enablePush, PushError, pushOfferDismissed, usePushStatus } from '../../lib/push';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/**
 * The push opt-in (issue 26), offered at the moment it is worth something: a fan right after paying,
 * a creator once paid messages arrive. Never on a first visit; shown only where this browser can take
 * pushes, the person has not switched push off in their settings, this browser is not subscribed yet
 * and the offer was not dismissed here before. "Not now" is remembered in this browser.
 */
export function PushOffer({ title, body }: { title: string; body: string }) {
  const { status, refresh } = usePushStatus();
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey: notificationPreferencesKey, queryFn: fetchNotificationPreferences });
  const [dismissed, setDismissed] = useState(pushOfferDismissed);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Card role="status" className="flex items-center gap-3 p-4 text-left text-sm text-slate-700">
        <BellRing className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
        Notifications are on for this browser. You can turn them off in your settings.
      </Card>
    );
  }
  if (dismissed || status !== 'off' || !prefs.data?.push) return problem ? <Problem text={problem} /> : null;

  const turnOn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await enablePush();
      const current = queryClient.getQueryData<TNotificationPreferences>(notificationPreferencesKey) ?? prefs.data;
      if (current && !current.push) {
        queryClient.setQueryData(
          notificationPreferencesKey,
          await saveNotificationPreferences({ ...current, push: true }),
        );
      }
      setDone(true);
    } catch (error) {
      setProblem(
        error instanceof PushError ? error.message : 'Notifications could not be turned on. Please try again.',
      );
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const notNow = () => {
    dismissPushOffer();
    setDismissed(true);
  };

  return (
    <Card className="relative p-4 text-left sm:p-5" role="region" aria-labelledby="push-offer-title">
      <div className="flex gap-3 pr-8">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <BellRing className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="push-offer-title" className="font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{body}</p>
          {problem && <Problem text={problem} />}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={turnOn} disabled={busy}>
              {busy ? 'Turning on…' : 'Turn on notifications'}
            </Button>
            <Button size="sm" variant="secondary" onClick={notNow} disabled={busy}>
              Not now
            </Button>
          </div>
        </div>
      </div>
      <button
        type="button"
        onClick={notNow}
        aria-label="Dismiss"
        className="absolute top-3 right-3 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </Card>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {text}
    </p>
  );
}
