import { LIMITS, type TCapacity, type TCapacitySettings, ZCapacitySettings } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, fieldAria } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { ApiError, api } from '../../../lib/api-client';

const capacityKey = ['creator-capacity'] as const;

/** "2026-12-01" ("Back on", the date input's value) → the start of that day in the creator's own zone, as ISO. */
function startOfLocalDay(value: string): string {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, 0, 0, 0).toISOString();
}
function localDateValue(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Issue #13 capacity protection: limits on open and daily paid messages, and vacation with an end date. */
export function CapacitySettings() {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: capacityKey, queryFn: () => api<TCapacity>('/creator/capacity') });
  const [maxOpen, setMaxOpen] = useState('');
  const [dailyCap, setDailyCap] = useState('');
  const [away, setAway] = useState(false);
  const [backOn, setBackOn] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Issue 36 §15: a limit out of range is named on its field, not only "Some fields are not valid."
  const [fieldErrors, setFieldErrors] = useState<{ maxOpenMessages?: string; dailyMessageCap?: string }>({});
  useEffect(() => {
    if (!query.data) return;
    setMaxOpen(query.data.maxOpenMessages ? String(query.data.maxOpenMessages) : '');
    setDailyCap(query.data.dailyMessageCap ? String(query.data.dailyMessageCap) : '');
    setAway(Boolean(query.data.vacationUntil));
    setBackOn(query.data.vacationUntil ? localDateValue(String(query.data.vacationUntil)) : '');
  }, [query.data]);
  const save = useMutation({
    mutationFn: (body: TCapacitySettings) => api<TCapacity>('/creator/capacity', { method: 'PUT', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(capacityKey, data);
      toast.success('Availability saved');
    },
    onError: (failure) => {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      if (fields?.maxOpenMessages || fields?.dailyMessageCap) {
        setFieldErrors({ maxOpenMessages: fields.maxOpenMessages, dailyMessageCap: fields.dailyMessageCap });
        return;
      }
      setError(failure instanceof ApiError ? failure.message : 'Could not save. Try again.');
    },
  });

  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  // Only a failed first load: a failed background refetch keeps the form and what the creator typed.
  if (query.isLoadingError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        Could not load your availability settings.{' '}
        <button type="button" className="font-medium underline" onClick={() => query.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const pause = query.data.pause;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 border-t border-slate-200 pt-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Availability
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Limit how many paid messages you take on. When you are full or away, fans see "Currently unavailable" and when
        you reopen.
      </p>
      {pause && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          Fans cannot message you right now:{' '}
          {pause.reason === 'away'
            ? 'you are on vacation'
            : pause.reason === 'full'
              ? 'your open messages are at your limit'
              : "today's cap is reached"}
          .
        </p>
      )}
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          setFieldErrors({});
          const body: TCapacitySettings = {
            maxOpenMessages: maxOpen.trim() ? Number(maxOpen) : null,
            dailyMessageCap: dailyCap.trim() ? Number(dailyCap) : null,
            vacationUntil: away && backOn ? startOfLocalDay(backOn) : null,
          };
          const parsed = ZCapacitySettings.safeParse(body);
          if (!parsed.success) {
            const next: typeof fieldErrors = {};
            for (const issue of parsed.error.issues) {
              const key = issue.path[0];
              if (key === 'maxOpenMessages' || key === 'dailyMessageCap') next[key] ??= issue.message;
            }
            setFieldErrors(next);
            document.getElementById(next.maxOpenMessages ? `${id}-open` : `${id}-daily`)?.focus();
            return;
          }
          if (away && !backOn) {
            setError('Choose the date you are back.');
            return;
          }
          save.mutate(body);
        }}
      >
        <Field id={`${id}-open`} label="Most open messages at once" error={fieldErrors.maxOpenMessages}>
          <Input
            {...fieldAria(`${id}-open`, fieldErrors.maxOpenMessages)}
            type="number"
            inputMode="numeric"
            min={LIMITS.capacity.min}
            max={LIMITS.capacity.max}
            placeholder="No limit"
            value={maxOpen}
            onChange={(event) => {
              setMaxOpen(event.target.value);
              setFieldErrors((current) => ({ ...current, maxOpenMessages: undefined }));
            }}
          />
        </Field>
        <Field id={`${id}-daily`} label="Most new messages per day" error={fieldErrors.dailyMessageCap}>
          <Input
            {...fieldAria(`${id}-daily`, fieldErrors.dailyMessageCap)}
            type="number"
            inputMode="numeric"
            min={LIMITS.capacity.min}
            max={LIMITS.capacity.max}
            placeholder="No limit"
            value={dailyCap}
            onChange={(event) => {
              setDailyCap(event.target.value);
              setFieldErrors((current) => ({ ...current, dailyMessageCap: undefined }));
            }}
          />
        </Field>
        <div className="flex items-center justify-between gap-4 sm:col-span-2">
          <label htmlFor={`${id}-away`} className="text-sm font-medium text-slate-900">
            Vacation mode
          </label>
          <Switch id={`${id}-away`} checked={away} onCheckedChange={setAway} />
        </div>
        {away && (
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor={`${id}-back`} className="text-sm font-medium text-slate-900">
              Back on
            </label>
            <Input id={`${id}-back`} type="date" value={backOn} onChange={(event) => setBackOn(event.target.value)} />
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save availability'}
          </Button>
        </div>
      </form>
    </section>
  );
}
