import type { TQuickSearchHit } from '@fanline/contracts';
import { formatCount } from '@fanline/contracts';
import { cn } from '../../lib/cn';
import { Avatar } from '../ui/avatar';

interface QuickSearchSuggestionsProps {
  listboxId: string;
  hits: TQuickSearchHit[];
  activeIndex: number;
  optionId: (username: string) => string;
  onChoose: (username: string) => void;
  /** A line shown instead of options: no hits, or the lookup failed. */
  message: string | null;
}

export function QuickSearchSuggestions({
  listboxId,
  hits,
  activeIndex,
  optionId,
  onChoose,
  message,
}: QuickSearchSuggestionsProps) {
  const popup = 'absolute inset-x-0 top-full z-20 mt-2 rounded-xl border border-slate-200 bg-white shadow-xl';
  return (
    <>
      <div
        id={listboxId}
        role="listbox"
        aria-label="Creator suggestions"
        hidden={hits.length === 0}
        className={cn(popup, 'overflow-hidden py-1 text-left')}
        // Keeps focus in the input so a click does not blur it and close the list before it lands.
        onMouseDown={(event) => event.preventDefault()}
      >
        {hits.map((hit, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter)
          <div
            key={hit.username}
            id={optionId(hit.username)}
            role="option"
            // Focus stays in the input (aria-activedescendant); -1 only keeps the option out of the tab order.
            tabIndex={-1}
            aria-selected={index === activeIndex}
            className={cn(
              'flex cursor-pointer items-center gap-3 px-3 py-2',
              index === activeIndex ? 'bg-brand-50' : 'hover:bg-slate-50',
            )}
            onClick={() => onChoose(hit.username)}
          >
            <span aria-hidden="true">
              <Avatar src={hit.avatarUrl} name={hit.displayName ?? hit.username} size="sm" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{hit.displayName ?? hit.username}</span>
              <span className="block truncate text-sm text-slate-500">@{hit.username}</span>
            </span>
            {hit.instagramFollowerCount != null && (
              <span className="shrink-0 text-xs text-slate-500">
                {formatCount(hit.instagramFollowerCount)} followers
              </span>
            )}
          </div>
        ))}
      </div>
      {/* Always mounted so screen readers announce the message when it appears. */}
      <div role="status" className={message ? cn(popup, 'px-4 py-3 text-left text-sm text-slate-600') : 'sr-only'}>
        {message}
      </div>
    </>
  );
}
