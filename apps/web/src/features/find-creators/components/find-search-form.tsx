import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { TFindStatus } from '../../../components/creators/find-creators-query';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';

const STATUS_LABELS: Record<TFindStatus, string> = {
  all: 'All creators',
  on_platform: 'On Fanline',
  off_platform: 'Not on Fanline',
};

interface FindSearchFormProps {
  q: string;
  status: TFindStatus;
  onSearch: (q: string) => void;
  onStatus: (status: TFindStatus) => void;
}

/** spec §2 Find Creators input: Enter or the button searches; an empty box does nothing (spec §5). */
export function FindSearchForm({ q, status, onSearch, onStatus }: FindSearchFormProps) {
  const id = useId();
  const [input, setInput] = useState(q);
  // Follow the URL when it changes from outside (back/forward, a suggestion, Clear search).
  useEffect(() => setInput(q), [q]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = input.trim();
    if (!term) return;
    onSearch(term);
  };

  return (
    <search aria-label="Find creators">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-slate-700">
            Name or Instagram username
          </label>
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                id={`${id}-q`}
                type="search"
                enterKeyHint="search"
                autoComplete="off"
                placeholder="e.g. maya or @coachdre"
                className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                value={input}
                onChange={(event) => setInput(event.target.value)}
              />
            </div>
            <Button type="submit">Search</Button>
          </div>
        </div>
        <div className="sm:w-48">
          <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-slate-700">
            Show
          </label>
          <NativeSelect
            id={`${id}-status`}
            className="w-full"
            value={status}
            onChange={(event) => onStatus(event.target.value as TFindStatus)}
          >
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>
    </search>
  );
}
