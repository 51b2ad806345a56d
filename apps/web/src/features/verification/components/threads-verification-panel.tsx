import { AtSign, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useSkipVerification } from '../hooks/use-skip-verification';
import { SIMULATED_BUTTON, useThreadsVerification } from '../hooks/use-threads-verification';
import { VerificationStatus } from './verification-status';

interface ThreadsVerificationPanelProps {
  /** The handle to verify; the user's Fanline username unless they change it. */
  defaultUsername: string;
  onFinished: (outcome: 'verified' | 'skipped') => void;
}

/** spec §2 Signup and verification: the creator's Threads step, verify or skip. */
export function ThreadsVerificationPanel({ defaultUsername, onFinished }: ThreadsVerificationPanelProps) {
  const id = useId();
  const [username, setUsername] = useState(defaultUsername);
  const { state, verify, simulated } = useThreadsVerification();
  const skip = useSkipVerification(() => onFinished('skipped'));
  const busy = state.status === 'loading' || skip.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await verify(username)) onFinished('verified');
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
        <ShieldCheck className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
        <p>
          Link your Threads account to get a verified badge and your public link. We only read your public profile:
          username, name, picture and bio.
        </p>
      </div>
      <Field id={`${id}-threads`} label="Threads username">
        <div className="relative">
          <AtSign className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden="true" />
          <Input
            id={`${id}-threads`}
            className="pl-9"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            disabled={busy}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
      </Field>
      <VerificationStatus state={state} simulated={simulated} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1" disabled={busy}>
          {state.status === 'loading' ? 'Verifying…' : simulated ? SIMULATED_BUTTON : 'Verify with Threads'}
        </Button>
        <Button type="button" variant="secondary" size="lg" disabled={busy} onClick={() => skip.mutate()}>
          {skip.isPending ? 'Skipping…' : 'Skip for now'}
        </Button>
      </div>
    </form>
  );
}
