import { SEARCH_MESSAGES } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { CreatorCard, CreatorCardSkeleton } from '../../../components/creators/creator-card';
import { ExternalCreatorCard } from '../../../components/creators/external-creator-card';
import { ExternalNotice } from '../../../components/creators/external-notice';
import { findCreatorsQuery, type TFindStatus } from '../../../components/creators/find-creators-query';
import { Button } from '../../../components/ui/button';
import { EmptyState, LoadErrorState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

interface FindResultsProps {
  q: string;
  status: TFindStatus;
  onClear: () => void;
  /** Shown with the 'not configured' notice to admins. */
  keyAction?: ReactNode;
  /** Admins see why the lookup is off (no API key); visitors a neutral line. */
  isAdmin?: boolean;
}

function errorMessage(error: unknown): string {
  const message = error instanceof ApiError || error instanceof Error ? error.message : '';
  return message ? SEARCH_MESSAGES.searchError(message) : SEARCH_MESSAGES.searchFallback;
}

export function FindResults({ q, status, onClear, keyAction, isAdmin = false }: FindResultsProps) {
  const query = useQuery(findCreatorsQuery(q, status));

  if (query.isPending) {
    return (
      <div role="status" aria-label="Searching creators" className={GRID}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <CreatorCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorState
        title={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const { creators, external, externalStatus } = query.data;
  // The server already honours the status; filtering here too keeps the page right whatever it sends.
  const platform = status === 'off_platform' ? [] : creators;
  const outside = status === 'on_platform' ? [] : external;
  const total = platform.length + outside.length;
  const notice = status !== 'on_platform' && (
    <ExternalNotice
      status={externalStatus}
      admin={isAdmin}
      action={externalStatus === 'not_configured' ? keyAction : undefined}
    />
  );

  if (total === 0) {
    return (
      <div className="space-y-4">
        {notice}
        <EmptyState
          role="status"
          icon={SearchX}
          title={SEARCH_MESSAGES.noneFound}
          action={
            <Button variant="secondary" onClick={onClear}>
              Clear search
            </Button>
          }
        >
          Nobody matches "{q}". Check the spelling or try another name.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {notice}
      <p role="status" className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{total}</span> {total === 1 ? 'result' : 'results'} for "{q}"
        {platform.length > 0 && outside.length > 0 && (
          <span>
            {' '}
            ({platform.length} on Fanline, {outside.length} not on Fanline)
          </span>
        )}
      </p>
      <ul aria-label="Search results" className={GRID}>
        {platform.map((creator) => (
          <li key={creator.id}>
            <CreatorCard creator={creator} />
          </li>
        ))}
        {outside.map((creator) => (
          <li key={creator.id}>
            <ExternalCreatorCard creator={creator} />
          </li>
        ))}
      </ul>
    </div>
  );
}
