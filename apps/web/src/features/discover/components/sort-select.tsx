import { BROWSE_SORT_LABELS, BROWSE_SORTS, type TBrowseSort } from '@fanline/contracts';
import { useId } from 'react';
import { NativeSelect } from '../../../components/ui/native-select';

/** spec §9 sort options, with their labels; Highest Response Rate by default. */
export function SortSelect({ value, onChange }: { value: TBrowseSort; onChange: (sort: TBrowseSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-slate-600">
        Sort by
      </label>
      <NativeSelect
        id={id}
        className="min-w-0 flex-1 sm:w-52 sm:flex-none"
        value={value}
        onChange={(event) => onChange(event.target.value as TBrowseSort)}
      >
        {BROWSE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {BROWSE_SORT_LABELS[sort]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
