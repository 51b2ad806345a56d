import { Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useSession } from '../../lib/auth/session';
import { ApiKeyDialog } from './components/api-key-dialog';
import { FindResults } from './components/find-results';
import { FindSearchForm } from './components/find-search-form';
import { useFindParams } from './hooks/use-find-params';

/** Start-state suggestions: demo creators' names, so a first search always finds someone. */
const SUGGESTIONS = ['maya', 'coach', 'chef', 'lena'];

/** spec §2 Find Creators (/search, /search?q=): platform creators first, then Instagram look-ups. */
export function Component() {
  const { q, status, write } = useFindParams();
  const { user } = useSession();
  const isAdmin = Boolean(user?.isAdmin);
  const search = (term: string) => {
    // spec §4: the same term again is not searched again.
    if (term !== q) write({ q: term, status });
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Find Creators</h1>
          <p className="mt-1 text-slate-600">
            Search creators on Fanline, and look up anyone on Instagram to invite them.
          </p>
        </div>
        {isAdmin && <ApiKeyDialog />}
      </div>

      <div className="mt-6">
        <FindSearchForm q={q} status={status} onSearch={search} onStatus={(next) => write({ q, status: next }, true)} />
      </div>

      <div className="mt-8">
        {q ? (
          <FindResults
            q={q}
            status={status}
            onClear={() => write({ q: '', status })}
            isAdmin={isAdmin}
            keyAction={
              isAdmin ? (
                <ApiKeyDialog
                  trigger={
                    <Button variant="link" size="sm">
                      Set up the API key
                    </Button>
                  }
                />
              ) : undefined
            }
          />
        ) : (
          <EmptyState
            icon={Sparkles}
            title="Search for a creator"
            action={
              <div className="flex flex-wrap items-center justify-center gap-2">
                <span className="text-sm text-slate-600">Try:</span>
                {SUGGESTIONS.map((term) => (
                  <Button key={term} variant="secondary" size="sm" onClick={() => search(term)}>
                    {term}
                  </Button>
                ))}
              </div>
            }
          >
            Type a name or an Instagram username and press Enter.
          </EmptyState>
        )}
      </div>
    </section>
  );
}
