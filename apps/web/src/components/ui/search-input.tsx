import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name (the placeholder is not one). */
  label: string;
  className?: string;
  /** What the clear button does, when clearing should do more than onChange(''). */
  onClear?: () => void;
  /** Enter pressed in the box. */
  onEnter?: () => void;
  /** The id of a hint that goes with the box. */
  describedBy?: string;
}

/** A search box with a magnifier and a clear button. */
export function SearchInput({
  value,
  onChange,
  placeholder,
  label,
  className,
  onClear,
  onEnter,
  describedBy,
}: SearchInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, onChange);
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        ref={input}
        id={id}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        aria-describedby={describedBy}
        placeholder={placeholder}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onEnter && ((event) => event.key === 'Enter' && onEnter())}
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          onClick={onClear ?? (() => onChange(''))}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
