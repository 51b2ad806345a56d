import {
  EMAIL_KIND_COPY,
  EMAIL_KINDS,
  REMINDER_THRESHOLDS_HOURS,
  type TNotificationPreferences,
} from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { useSession } from '../../../lib/auth/session';
import { disablePush, enablePush, PUSH_STATUS_COPY, PushError, usePushStatus } from '../../../lib/push';
import {
  fetchNotificationPreferences,
  notificationPreferencesKey,
  SETTINGS_SAVE_FAILED,
  saveNotificationPreferences,
} from '../api/account';

/**
 * spec §3 Notification preferences (defaults email on, push on). Kept on the server, not in the browser
 * (ARCHITECTURE §7), because new-message emails now depend on them. Push (issue 26) also subscribes or
 * unsubscribes this browser. No marketing switch: Fanline sends no marketing (decision 0031).
 */
const OPTIONS: { key: 'email'; label: string; hint: string }[] = [
  { key: 'email', label: 'Email notifications', hint: 'Product emails about your messages and payouts.' },
];

/** What the server pushes (decision 0031): a fan hears of replies; a creator also of their own side. */
const PUSH_HINT = {
  fan: 'Notifications on this device when a creator replies, even when Fanline is closed.',
  creator:
    'Notifications on this device about replies, new paid messages, deadlines and payouts, even when Fanline is closed.',
} as const;

/** Issue #13: only creators get deadline reminders, so only their settings show the switch. */
const REMINDERS = {
  key: 'reminders',
  label: 'Deadline reminders',
  hint: `A reminder when an unanswered paid message has ${REMINDER_THRESHOLDS_HOURS.slice(0, -1).join(', ')} and ${REMINDER_THRESHOLDS_HOURS.at(-1)} hours left.`,
} as const;

export function NotificationPreferences({ creator = false }: { creator?: boolean }) {
  const id = useId();
  const { user } = useSession();
  // Issue 36 §15: each settings page lists only the mails its role receives, worded for that role: the
  // creator's settings their side (new paid messages, payouts, deadlines), a fan's the replies and refunds.
  const kinds = EMAIL_KINDS.filter((kind) => EMAIL_KIND_COPY[kind].audience === (creator ? 'creator' : 'fan'));
  const queryClient = useQueryClient();
  const {
    data: prefs,
    isPending,
    isError,
    refetch,
  } = useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: fetchNotificationPreferences,
  });
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (next) => {
      const previous = queryClient.getQueryData<TNotificationPreferences>(notificationPreferencesKey);
      queryClient.setQueryData(notificationPreferencesKey, next);
      return { previous };
    },
    onSuccess: () => toast.success('Preferences saved'),
    onError: (_error, _next, context) => {
      queryClient.setQueryData(notificationPreferencesKey, context?.previous);
      toast.error('Error', { description: SETTINGS_SAVE_FAILED });
    },
  });

  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (isError || !prefs) {
    return (
      <p role="alert" className="text-sm text-red-600">
        Could not load your preferences.{' '}
        <button type="button" className="font-medium underline" onClick={() => refetch()}>
          Try again
        </button>
      </p>
    );
  }

  return (
    <ul className="divide-y divide-slate-200">
      <PushSwitch
        id={`${id}-push`}
        prefs={prefs}
        saving={save.isPending}
        save={(next) => save.mutateAsync(next).then(() => undefined)}
        hint={user?.isCreator ? PUSH_HINT.creator : PUSH_HINT.fan}
      />
      {(creator ? [...OPTIONS, REMINDERS] : OPTIONS).map(({ key, label, hint }) => (
        <li key={key} className="flex items-center justify-between gap-4 py-4">
          <div>
            <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-slate-900">
              {label}
            </label>
            <p id={`${id}-${key}-hint`} className="text-sm text-slate-500">
              {hint}
            </p>
          </div>
          <Switch
            id={`${id}-${key}`}
            aria-describedby={`${id}-${key}-hint`}
            checked={prefs[key]}
            disabled={save.isPending}
            onCheckedChange={(value) => save.mutate({ ...prefs, [key]: value })}
          />
        </li>
      ))}
      <li className="py-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Emails to get</legend>
          <p className="text-sm text-slate-500">
            {prefs.email
              ? 'Choose each kind. Every email also has a link to turn its kind off.'
              : 'Email notifications are off, so none of these are sent.'}
          </p>
          <ul className="mt-2 space-y-1 border-l-2 border-slate-100 pl-4">
            {kinds.map((kind) => {
              const copy = EMAIL_KIND_COPY[kind];
              return (
                <li key={kind} className="flex items-center justify-between gap-4 py-2">
                  <div>
                    <label htmlFor={`${id}-${kind}`} className="text-sm font-medium text-slate-800">
                      {copy.label}
                    </label>
                    <p id={`${id}-${kind}-hint`} className="text-sm text-slate-500">
                      {copy.hint}
                    </p>
                  </div>
                  <Switch
                    id={`${id}-${kind}`}
                    aria-describedby={`${id}-${kind}-hint`}
                    checked={prefs.email && prefs.emailKinds[kind]}
                    disabled={save.isPending || !prefs.email}
                    onCheckedChange={(value) =>
                      save.mutate({ ...prefs, emailKinds: { ...prefs.emailKinds, [kind]: value } })
                    }
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>
      </li>
    </ul>
  );
}

/**
 * Push (issue 26): on means this browser is subscribed and the account's push preference is on. Turning
 * it on asks the browser's permission, subscribes it and stores the preference; off unsubscribes this
 * browser and stores the preference off (so no browser of the account gets pushes). Where push cannot
 * work the switch is off and disabled, and says why.
 */
function PushSwitch({
  id,
  prefs,
  saving,
  save,
  hint,
}: {
  id: string;
  prefs: TNotificationPreferences;
  saving: boolean;
  save: (next: TNotificationPreferences) => Promise<void>;
  hint: string;
}) {
  const { status, refresh } = usePushStatus();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const blocked = PUSH_STATUS_COPY[status];
  const checked = prefs.push && status === 'on';
  const toggle = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) {
        await enablePush();
        if (!prefs.push) await save({ ...prefs, push: true });
        else toast.success('Preferences saved');
      } else {
        await disablePush();
        await save({ ...prefs, push: false });
      }
    } catch (error) {
      if (error instanceof PushError) setProblem(error.message);
      else if (!(error instanceof Error && error.name === 'ApiError'))
        setProblem('Push notifications could not be changed. Please try again.');
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const note = blocked ?? problem ?? (prefs.push && status === 'off' ? 'Not on for this browser yet.' : null);
  return (
    <li className="flex items-center justify-between gap-4 py-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          Push notifications
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
        {note && (
          <p id={`${id}-note`} role={problem ? 'alert' : undefined} className="mt-1 text-sm text-amber-800">
            {note}
          </p>
        )}
      </div>
      <Switch
        id={id}
        aria-describedby={note ? `${id}-hint ${id}-note` : `${id}-hint`}
        checked={checked}
        disabled={Boolean(blocked) || status === 'checking' || busy || saving}
        onCheckedChange={toggle}
      />
    </li>
  );
}
