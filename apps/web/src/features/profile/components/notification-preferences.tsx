import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch';

/** spec §3 Notification preferences: local only, not saved to the server. Defaults email on, push on, marketing off. */
const KEY = 'fanline:notification-preferences';
const DEFAULTS = { email: true, push: true, marketing: false };
type TPreferences = typeof DEFAULTS;

const OPTIONS: { key: keyof TPreferences; label: string; hint: string }[] = [
  { key: 'email', label: 'Email notifications', hint: 'New messages and replies by email.' },
  { key: 'push', label: 'Push notifications', hint: 'Alerts in your browser while Fanline is open.' },
  { key: 'marketing', label: 'Marketing emails', hint: 'News, tips and offers from Fanline.' },
];

function load(): TPreferences {
  try {
    return { ...DEFAULTS, ...(JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as Partial<TPreferences>) };
  } catch {
    return DEFAULTS;
  }
}

export function NotificationPreferences() {
  const id = useId();
  const [prefs, setPrefs] = useState(load);

  const change = (key: keyof TPreferences, value: boolean) => {
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    try {
      window.localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // kept for this visit only
    }
    toast.success('Preferences saved', { description: 'Saved on this device.' });
  };

  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {OPTIONS.map(({ key, label, hint }) => (
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
              onCheckedChange={(value) => change(key, value)}
            />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">These preferences are stored in this browser only.</p>
    </div>
  );
}
