import { formatCents, splitAmount } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { platformConfigQuery } from '../../../lib/platform-config';
import { priceBoundsQuery } from '../api/creator-settings';

interface PricingFieldsProps {
  priceDollars: string;
  onPriceChange(value: string): void;
  isAvailable: boolean;
  onAvailableChange(value: boolean): void;
  error?: string;
}

/** spec §5 Message price: whole dollars, step 5, bounds from the platform settings; availability switch. */
export function PricingFields({
  priceDollars,
  onPriceChange,
  isAvailable,
  onAvailableChange,
  error,
}: PricingFieldsProps) {
  const id = useId();
  const bounds = useQuery(priceBoundsQuery()).data;
  // Issue 36 §17: the share said in dollars, from the live commission (never the fallback's default).
  const config = useQuery(platformConfigQuery()).data;
  const dollars = Number(priceDollars);
  const preview = Number.isInteger(dollars) && dollars > 0;
  return (
    <div className="space-y-6">
      <Field
        id={`${id}-price`}
        label="Message price (USD)"
        error={error}
        hint={
          bounds
            ? `Whole dollars from $${bounds.minDollars} to $${bounds.maxDollars}, in steps of $${bounds.stepDollars}.`
            : 'Whole dollars.'
        }
      >
        <div className="relative max-w-48">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">$</span>
          <Input
            id={`${id}-price`}
            type="number"
            inputMode="numeric"
            className="pl-7"
            min={bounds?.minDollars}
            max={bounds?.maxDollars}
            step={bounds?.stepDollars ?? 5}
            value={priceDollars}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-price-hint${error ? ` ${id}-price-error` : ''}`}
            onChange={(event) => onPriceChange(event.target.value)}
          />
        </div>
      </Field>
      {preview && (
        <p className="text-sm text-slate-600">
          Fans pay {formatCents(dollars * 100)} per message.{' '}
          {config && (
            <>
              You earn{' '}
              <strong className="font-semibold text-slate-900" data-testid="creator-share">
                {formatCents(splitAmount(dollars * 100, config.commissionPercent).creatorShare)}
              </strong>{' '}
              per answered message (after the {config.commissionPercent}% Fanline fee).{' '}
            </>
          )}
          Your share is paid when you answer within the response window.
        </p>
      )}
      <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-4">
        <div>
          <label htmlFor={`${id}-available`} className="text-sm font-medium text-slate-900">
            Available for messages
          </label>
          <p id={`${id}-available-hint`} className="text-sm text-slate-500">
            When off, your profile says “Currently Unavailable” and nobody can pay you for a message.
          </p>
        </div>
        <Switch
          id={`${id}-available`}
          aria-describedby={`${id}-available-hint`}
          checked={isAvailable}
          onCheckedChange={onAvailableChange}
        />
      </div>
    </div>
  );
}
