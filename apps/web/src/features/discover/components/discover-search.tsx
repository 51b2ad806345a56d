import { BROWSE } from '@fanline/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { SearchInput } from '../../../components/ui/search-input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface DiscoverSearchProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the new effective term: '' below 3 characters (no search filter). */
  onSearch: (term: string, options: { replace: boolean }) => void;
  /** Every change of the box's text, for the external lookup's own pause (spec §9: 1,000 ms). */
  onInput?: (text: string) => void;
}

/** spec §2 Discover search: fires after an 800 ms pause, and only from 3 characters. */
export function DiscoverSearch({ value, onSearch, onInput }: DiscoverSearchProps) {
  const id = useId();
  const [input, setInput] = useState(value);
  // The term last put into effect, by typing or from outside (back/forward, chips, Clear all).
  const applied = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const onInputRef = useRef(onInput);
  onInputRef.current = onInput;
  useEffect(() => onInputRef.current?.(input), [input]);

  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setInput(value);
  }, [value]);

  const apply = (raw: string, replace: boolean) => {
    const term = raw.trim();
    const effective = term.length >= BROWSE.minSearchChars ? term : '';
    if (effective === applied.current) return;
    applied.current = effective;
    onSearchRef.current(effective, { replace });
  };

  const debounced = useDebouncedValue(input, BROWSE.debounceMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled input triggers a search
  useEffect(() => apply(debounced, true), [debounced]);

  const tooShort = input.trim().length > 0 && input.trim().length < BROWSE.minSearchChars;
  return (
    <div className="min-w-0 flex-1">
      <SearchInput
        value={input}
        onChange={setInput}
        placeholder="Search by name, username, or keywords..."
        label="Search creators"
        describedBy={`${id}-note`}
        // Enter and the clear button search at once instead of waiting for the pause.
        onEnter={() => apply(input, false)}
        onClear={() => {
          setInput('');
          apply('', false);
        }}
      />
      <p id={`${id}-note`} className={tooShort ? 'mt-1 text-xs text-amber-700' : 'mt-1 text-xs text-slate-500'}>
        Minimum 3 characters to search
      </p>
    </div>
  );
}
