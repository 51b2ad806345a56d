import { Search } from 'lucide-react';
import { useId } from 'react';

export function FaqSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative mx-auto w-full max-w-xl">
      <label htmlFor={id} className="sr-only">
        Search the FAQ
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search questions, e.g. refund"
        className="h-12 w-full rounded-2xl border border-slate-200 bg-white pr-4 pl-12 text-base text-slate-900 shadow-lg shadow-brand-100/60 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
    </div>
  );
}
