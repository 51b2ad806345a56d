import { Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { href, paths } from '../../paths';
import { buttonClass } from '../ui/button-class';
import { QuickSearchSuggestions } from './quick-search-suggestions';
import { useCreatorSuggestions } from './use-creator-suggestions';

/**
 * A creator search box with suggestions, following the ARIA combobox pattern: focus stays in the
 * input and aria-activedescendant points at the highlighted option, so typing never gets interrupted.
 */
export function CreatorQuickSearch() {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, term, setTerm);
  const [open, setOpen] = useState(false);
  // Tracked by username, not index, so a highlight that drops out of a newer result list simply vanishes.
  const [activeUsername, setActiveUsername] = useState<string | null>(null);
  const { hits, answeredTerm, noHits, failed } = useCreatorSuggestions(term);

  const expanded = open && hits.length > 0;
  const activeIndex = expanded ? hits.findIndex((hit) => hit.username === activeUsername) : -1;
  const optionId = (username: string) => `${id}-option-${username}`;

  const close = () => {
    setOpen(false);
    setActiveUsername(null);
  };
  const move = (step: 1 | -1) => {
    setOpen(true);
    if (!hits.length) return;
    const next =
      activeIndex === -1 ? (step === 1 ? 0 : hits.length - 1) : (activeIndex + step + hits.length) % hits.length;
    setActiveUsername(hits[next]?.username ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // A second Escape clears the box, as in native search inputs.
      if (open && term.trim()) close();
      else setTerm('');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = activeIndex >= 0 ? hits[activeIndex] : undefined;
    if (chosen) navigate(href.creatorProfile(chosen.username));
    else navigate(term.trim() ? href.creators({ search: term.trim() }) : paths.creators);
  };

  return (
    <search aria-label="Creators" className="relative mx-auto block w-full max-w-xl">
      {/* An action, so a search sent before the page has hydrated still lands on Discover (issue 35). */}
      <form action={paths.creators} onSubmit={onSubmit}>
        <label htmlFor={`${id}-input`} className="sr-only">
          Search creators
        </label>
        <div className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg shadow-brand-100/60 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200">
          <Search className="ml-2 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
          <input
            ref={input}
            id={`${id}-input`}
            name="search"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-controls={listboxId}
            aria-expanded={expanded}
            aria-activedescendant={activeIndex >= 0 ? optionId(hits[activeIndex]?.username ?? '') : undefined}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search creators"
            className="h-11 min-w-0 flex-1 bg-transparent px-1 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
              setOpen(true);
              setActiveUsername(null);
            }}
            onFocus={() => setOpen(true)}
            onBlur={close}
            onKeyDown={onKeyDown}
          />
          {/* Button's look without Button: the landing page's first load stays free of Radix Slot. */}
          <button type="submit" className={buttonClass({ className: 'h-11 shrink-0 rounded-xl' })}>
            Search
          </button>
        </div>
        <QuickSearchSuggestions
          listboxId={listboxId}
          hits={expanded ? hits : []}
          activeIndex={activeIndex}
          optionId={optionId}
          onChoose={(username) => navigate(href.creatorProfile(username))}
          message={
            open && noHits
              ? `No creators found for "${answeredTerm}"`
              : open && failed
                ? 'Suggestions are unavailable right now. Press Enter to search all creators.'
                : null
          }
        />
      </form>
    </search>
  );
}
