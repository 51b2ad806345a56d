import { useSearchParams } from 'react-router';
import { FIND_STATUSES, type TFindStatus } from '../../../components/creators/find-creators-query';

/** The submitted search lives in the URL (spec §2 /search?q=), so it survives reloads and back/forward. */
export function useFindParams() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const raw = params.get('status');
  const status: TFindStatus = FIND_STATUSES.includes(raw as TFindStatus) ? (raw as TFindStatus) : 'all';
  const write = (next: { q: string; status: TFindStatus }, replace = false) => {
    const out = new URLSearchParams();
    if (next.q) out.set('q', next.q);
    if (next.status !== 'all') out.set('status', next.status);
    setParams(out, { replace, preventScrollReset: true });
  };
  return { q, status, write };
}
