import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { LazyPopover } from '../../../components/ui/lazy-popover';
import { NativeSelect } from '../../../components/ui/native-select';
import { Switch } from '../../../components/ui/switch';
import { useOptimisticValue } from '../../../lib/use-optimistic-value';
import type { TUpdateFilters } from '../hooks/use-browse-filters';
import { usePriceRange } from '../hooks/use-price-range';
import { countPopoverFilters, DEFAULT_FILTERS, type TBrowseFilters, type TResponseRate } from '../utils/browse-filters';
import { PriceRange } from './price-range';

const RATE_LABELS: Record<TResponseRate, string> = {
  all: 'Any response rate',
  '90': '90% or higher',
  '95': '95% or higher',
  '99': '99% or higher',
};

interface FiltersPopoverProps {
  filters: TBrowseFilters;
  onChange: TUpdateFilters;
}

/**
 * A switch that flips at once and lets the URL follow: only the switch re-renders in the tick's frame
 * (its Interaction to Next Paint), not the popover and its positioning (decision 0037).
 */
function FilterSwitch({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const [shown, setShown] = useOptimisticValue(checked);
  return (
    <Switch
      id={id}
      checked={shown}
      onCheckedChange={(next) => {
        setShown(next);
        onChange(next);
      }}
    />
  );
}

/** spec §2 Filters popover: price range, verified only, response rate, available only, featured only. */
export function FiltersPopover({ filters: fromUrl, onChange: update }: FiltersPopoverProps) {
  const id = useId();
  // Switches and the select show a change at once; the URL (and the list) follow a tick later.
  const [filters, setFilters] = useOptimisticValue(fromUrl);
  const onChange = (next: (current: TBrowseFilters) => TBrowseFilters) => {
    setFilters(next(filters));
    update(next);
  };
  const range = usePriceRange();
  const count = countPopoverFilters(filters, range);
  const toggle = (key: 'verifiedOnly' | 'availableOnly' | 'featuredOnly', label: string, hint: string) => (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p className="text-xs text-slate-500">{hint}</p>
      </div>
      <FilterSwitch
        id={`${id}-${key}`}
        checked={filters[key]}
        // Straight to the URL: the switch shows its own change, so the popover need not re-render for it.
        onChange={(checked) => update((f) => ({ ...f, [key]: checked }))}
      />
    </div>
  );

  return (
    <LazyPopover
      label="Filters"
      className="space-y-5"
      trigger={
        <Button variant="secondary" aria-label={count ? `Filters, ${count} active` : 'Filters'}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
          {count > 0 && (
            <span
              aria-hidden="true"
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs text-white"
            >
              {count}
            </span>
          )}
        </Button>
      }
    >
      <PriceRange
        min={filters.minPrice}
        max={filters.maxPrice}
        onCommit={(minPrice, maxPrice) => onChange((f) => ({ ...f, minPrice, maxPrice }))}
      />
      {toggle('verifiedOnly', 'Verified only', 'Creators with a verified social account')}
      <div>
        <label htmlFor={`${id}-rate`} className="mb-1 block text-sm font-medium text-slate-800">
          Response rate
        </label>
        <NativeSelect
          id={`${id}-rate`}
          className="w-full"
          value={filters.responseRate}
          onChange={(event) => onChange((f) => ({ ...f, responseRate: event.target.value as TResponseRate }))}
        >
          {Object.entries(RATE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {toggle('availableOnly', 'Available only', 'Creators taking messages right now')}
      {toggle('featuredOnly', 'Featured only', 'Creators picked by the Fanline team')}
      {count > 0 && (
        <Button
          variant="ghost"
          size="sm"
          className="w-full"
          onClick={() =>
            onChange((f) => ({
              ...f,
              minPrice: range.min,
              maxPrice: range.max,
              verifiedOnly: DEFAULT_FILTERS.verifiedOnly,
              responseRate: DEFAULT_FILTERS.responseRate,
              availableOnly: DEFAULT_FILTERS.availableOnly,
              featuredOnly: DEFAULT_FILTERS.featuredOnly,
            }))
          }
        >
          Reset filters
        </Button>
      )}
    </LazyPopover>
  );
}
