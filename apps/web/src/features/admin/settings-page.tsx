import {
  ADMIN_MESSAGES,
  PLATFORM_SETTING_DEFAULTS,
  SETTING_BOUNDS,
  type TPlatformSettings,
  type TSettingKey,
  ZPlatformSettings,
} from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadErrorState } from '../../components/ui/empty-state';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { platformConfigKey } from '../../lib/platform-config';
import { adminKeys, adminSettingsQuery, saveSettings } from './api/admin';

type NumberKey = { [K in TSettingKey]: TPlatformSettings[K] extends number ? K : never }[TSettingKey];
type BoolKey = Exclude<TSettingKey, NumberKey>;

// spec §5 Settings inputs: bounds and the fallback used when a box is not a number.
const NUMBERS: Record<NumberKey, { label: string; hint: string; min: number; max: number; fallback: number }> = {
  default_message_price: {
    label: 'Default message price ($)',
    hint: 'A new profile starts at this price.',
    ...SETTING_BOUNDS.default_message_price,
    fallback: PLATFORM_SETTING_DEFAULTS.default_message_price,
  },
  min_message_price: {
    label: 'Minimum price ($)',
    hint: 'Lowest message price a creator may set.',
    ...SETTING_BOUNDS.min_message_price,
    fallback: PLATFORM_SETTING_DEFAULTS.min_message_price,
  },
  max_message_price: {
    label: 'Maximum price ($)',
    hint: 'Highest message price a creator may set.',
    ...SETTING_BOUNDS.max_message_price,
    fallback: PLATFORM_SETTING_DEFAULTS.max_message_price,
  },
  commission_rate: {
    label: 'Platform commission (%)',
    hint: 'Applies to messages paid from now on; earlier payments keep their split.',
    ...SETTING_BOUNDS.commission_rate,
    fallback: PLATFORM_SETTING_DEFAULTS.commission_rate,
  },
  message_expiration_hours: {
    label: 'Response window (hours)',
    hint: 'Applies to messages paid from now on.',
    ...SETTING_BOUNDS.message_expiration_hours,
    fallback: PLATFORM_SETTING_DEFAULTS.message_expiration_hours,
  },
};

const BOOLEANS: Record<BoolKey, { label: string; hint: string }> = {
  maintenance_mode: { label: 'Maintenance mode', hint: 'Shows a banner on every page and refuses new checkouts.' },
  new_user_registration: { label: 'New user registration', hint: 'When off, sign-up is refused.' },
  require_creator_verification: {
    label: 'Require creator verification',
    hint: 'When on, only verified creators can receive paid messages; others show as Not Available Yet.',
  },
  auto_moderation: { label: 'Auto moderation', hint: 'New messages matching the blocklist are flagged for review.' },
  email_notifications: { label: 'Email notifications', hint: 'Product emails about new messages and replies.' },
  system_alerts: { label: 'System alerts', hint: 'Emails admins about payment-provider failures and stuck payments.' },
};

const TABS: { value: string; label: string; numbers: NumberKey[]; booleans: BoolKey[] }[] = [
  {
    value: 'pricing',
    label: 'Pricing',
    numbers: ['default_message_price', 'min_message_price', 'max_message_price', 'commission_rate'],
    booleans: [],
  },
  {
    value: 'system',
    label: 'System',
    numbers: ['message_expiration_hours'],
    booleans: ['maintenance_mode', 'new_user_registration'],
  },
  {
    value: 'moderation',
    label: 'Moderation',
    numbers: [],
    booleans: ['auto_moderation', 'require_creator_verification'],
  },
  { value: 'notifications', label: 'Notifications', numbers: [], booleans: ['email_notifications', 'system_alerts'] },
];

/** spec §2 Admin Settings: tabs Pricing, System, Moderation, Notifications; one Save Changes. */
export function Component() {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(adminSettingsQuery());
  const [draft, setDraft] = useState<Record<TSettingKey, string | number | boolean> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (query.data && !draft) setDraft({ ...query.data.settings });
  }, [query.data, draft]);

  useEffect(() => {
    if (query.isError) toast.error(ADMIN_MESSAGES.settingsLoadFailed);
  }, [query.isError]);

  const mutation = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      setDraft({ ...saved.settings });
      void queryClient.invalidateQueries({ queryKey: platformConfigKey });
      toast.success(ADMIN_MESSAGES.settingsSaved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(ADMIN_MESSAGES.settingsSaveFailed, { description: error.message });
    },
  });

  // A failed background refetch keeps the form and the admin's unsaved edits; only a first load that failed replaces it.
  if (query.isLoadingError)
    return <LoadErrorState title={ADMIN_MESSAGES.settingsLoadFailed} onRetry={() => void query.refetch()} />;
  if (!draft) return <PageSpinner />;

  const onSave = () => {
    const values = Object.fromEntries(
      Object.entries(draft).map(([key, value]) => {
        if (typeof value === 'boolean') return [key, value];
        const number = Number(value);
        return [key, String(value).trim() === '' || Number.isNaN(number) ? NUMBERS[key as NumberKey].fallback : number];
      }),
    );
    const parsed = ZPlatformSettings.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      setErrors(fieldErrors);
      toast.error(ADMIN_MESSAGES.settingsSaveFailed, { description: 'Some values are out of range.' });
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  };

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Platform-wide rules. Changes apply as soon as they are saved.</p>
        <Button onClick={onSave} disabled={mutation.isPending}>
          <Save className="h-4 w-4" aria-hidden="true" />
          {mutation.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
      <Tabs defaultValue="pricing">
        <TabsList aria-label="Settings sections">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} forceMount className="data-[state=inactive]:hidden">
            <Card className="mt-4 space-y-5 p-6">
              {tab.numbers.map((key) => {
                const spec = NUMBERS[key];
                const fid = `${id}-${key}`;
                return (
                  <Field key={key} id={fid} label={spec.label} hint={spec.hint} error={errors[key]}>
                    <Input
                      {...fieldAria(fid, errors[key], true)}
                      type="number"
                      inputMode="numeric"
                      min={spec.min}
                      max={spec.max}
                      step={1}
                      value={String(draft[key])}
                      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
                    />
                  </Field>
                );
              })}
              {tab.booleans.map((key) => {
                const spec = BOOLEANS[key];
                const fid = `${id}-${key}`;
                return (
                  <div key={key} className="flex items-start justify-between gap-4">
                    <div>
                      <label htmlFor={fid} className="text-sm font-medium text-slate-900">
                        {spec.label}
                      </label>
                      <p id={`${fid}-hint`} className="text-xs text-slate-500">
                        {spec.hint}
                      </p>
                    </div>
                    <Switch
                      id={fid}
                      aria-describedby={`${fid}-hint`}
                      checked={Boolean(draft[key])}
                      onCheckedChange={(checked) => setDraft({ ...draft, [key]: checked })}
                    />
                  </div>
                );
              })}
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
