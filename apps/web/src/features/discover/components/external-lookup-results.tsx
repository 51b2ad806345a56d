import { EXTERNAL_LOOKUP_MIN_CHARS, type TFindCreatorsResponse } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { ExternalCreatorCard } from '../../../components/creators/external-creator-card';
import { ExternalNotice } from '../../../components/creators/external-notice';
import { findCreatorsQuery } from '../../../components/creators/find-creators-query';
import { useSession } from '../../../lib/auth/session';

/** Said here: a service that is down or out of quota. Only admins, who can fix it, hear that no key is set. */
const DISCOVER_NOTICES: ReadonlyArray<TFindCreatorsResponse['externalStatus']> = ['quota', 'unavailable'];

/**
 * spec §2/§5/§9 Discover's external-style search: once typing has paused (1,000 ms, the page's
 * debounce) on 3+ characters, the Instagram-style lookup is asked too, and an account it finds shows
 * as on Find Creators: a 'Not on Fanline' card with an invite link. Platform creators stay in the grid.
 */
export function ExternalLookupResults({ term }: { term: string }) {
  const id = useId();
  const { user } = useSession();
  const handle = term.trim().replace(/^@/, '');
  const asked = handle.length >= EXTERNAL_LOOKUP_MIN_CHARS.discover;
  const query = useQuery({ ...findCreatorsQuery(handle, 'off_platform', 'discover'), enabled: asked });
  if (!asked) return null;
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="h-4 w-4 animate-spin text-brand-600" aria-hidden="true" />
        Looking up "{handle}" on Instagram…
      </p>
    );
  }
  // A failed lookup takes nothing from Discover: the platform's creators are listed below either way.
  if (query.isError) return null;
  const { external, externalStatus } = query.data;
  const showNotice =
    DISCOVER_NOTICES.includes(externalStatus) || (externalStatus === 'not_configured' && Boolean(user?.isAdmin));
  if (external.length === 0) return showNotice ? <ExternalNotice status={externalStatus} /> : null;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        On Instagram, not on Fanline yet
      </h2>
      <ul aria-label="Instagram results" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {external.map((creator) => (
          <li key={creator.id}>
            <ExternalCreatorCard creator={creator} />
          </li>
        ))}
      </ul>
    </section>
  );
}
