import { FlaskConical, RefreshCw, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/auth/session';
import { href, paths } from '../../paths';
import { VerificationStatus } from './components/verification-status';
import { useThreadsVerification } from './hooks/use-threads-verification';
import { clearStoredVerification, readStoredVerification } from './utils/stored-verification';

const MODE_LABEL = {
  oauth: 'OAuth (real Threads app)',
  simulated: 'Simulation (no Threads app configured; nothing is checked)',
  unavailable: 'Unavailable (no Threads app configured)',
} as const;

/** spec §2 /test-threads: verify a username, clear the stored verification, show the config. */
export function Component() {
  const id = useId();
  const { user, loading } = useSession();
  const [username, setUsername] = useState<string | null>(null);
  const { state, verify, reset, config, reloadConfig } = useThreadsVerification({ trustStored: true });
  const handle = username ?? user?.username ?? '';
  const stored = handle.trim() ? readStoredVerification(handle.replace(/^@/, '')) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void verify(handle);
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
        <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
        Integration test page
      </p>
      <h1 className="mt-3 text-3xl font-bold">Threads integration test</h1>
      <p className="mt-2 text-slate-600">Run a Threads verification and inspect what this server is configured for.</p>

      <div className="mt-8 grid gap-6 md:grid-cols-5">
        <Card className="p-6 md:col-span-3">
          <h2 className="text-lg font-semibold">Verify a username</h2>
          {!loading && !user && (
            <Alert tone="info" className="mt-4" title="Sign in to verify">
              Verification links the Threads account to your Fanline account.{' '}
              <Link className="font-medium underline" to={href.login(paths.testThreads)}>
                Sign in
              </Link>
            </Alert>
          )}
          <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            <Field id={`${id}-username`} label="Threads username">
              <Input
                id={`${id}-username`}
                autoCapitalize="none"
                spellCheck={false}
                placeholder={user?.username ?? 'username'}
                value={handle}
                onChange={(event) => {
                  setUsername(event.target.value);
                  reset();
                }}
              />
            </Field>
            <p className="text-sm text-slate-600">
              Stored verification:{' '}
              <span className="font-medium text-slate-900">
                {stored ? `verified ${new Date(stored.timestamp).toLocaleString()}` : 'none'}
              </span>
            </p>
            <VerificationStatus state={state} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={state.status === 'loading'}>
                {state.status === 'loading' ? 'Verifying…' : 'Verify'}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={!handle.trim()}
                onClick={() => {
                  clearStoredVerification(handle.replace(/^@/, ''));
                  reset();
                  toast.success('Stored verification cleared', { description: `@${handle.replace(/^@/, '')}` });
                }}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Clear stored verification
              </Button>
            </div>
          </form>
        </Card>

        <Card className="p-6 md:col-span-2">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Configuration</h2>
            <Button variant="ghost" size="icon" aria-label="Reload configuration" onClick={() => void reloadConfig()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
          {config.isPending && <Spinner label="Loading configuration" />}
          {config.isError && (
            <Alert className="mt-3" title="Could not load the configuration">
              {config.error.message}
            </Alert>
          )}
          {config.data && (
            <dl className="mt-3 space-y-3 text-sm">
              <ConfigRow label="Mode" value={MODE_LABEL[config.data.mode]} />
              <ConfigRow label="Client ID" value={config.data.clientId ?? 'not set'} mono />
              <ConfigRow label="Redirect URI" value={config.data.redirectUri} mono />
              <ConfigRow label="Scope" value={config.data.scope} mono />
              <ConfigRow label="Authorize URL" value={config.data.authorizeUrl ?? 'not set'} mono />
              <p className="text-xs text-slate-500">The client secret stays on the server and is never shown.</p>
            </dl>
          )}
        </Card>
      </div>
    </section>
  );
}

function ConfigRow({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={mono ? 'break-all font-mono text-slate-900' : 'text-slate-900'}>{value}</dd>
    </div>
  );
}
