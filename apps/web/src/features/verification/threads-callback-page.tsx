import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../paths';
import {
  completeThreadsVerification,
  THREADS_MESSAGE_TYPE,
  type TThreadsVerificationMessage,
} from './api/verification';

/** spec §9: the callback window closes 2 s after success and 3 s after an error. */
const CLOSE_AFTER_SUCCESS_MS = 2000;
const CLOSE_AFTER_ERROR_MS = 3000;

type TCallbackState = { status: 'working' } | { status: 'success' } | { status: 'error'; message: string };

/** The opener that started the verification, if this page runs in its popup and it is still there. */
function openerWindow(): Window | null {
  try {
    return window.opener && !window.opener.closed ? (window.opener as Window) : null;
  } catch {
    return null;
  }
}

/** spec §2 Threads callback: exchange the code, tell the opener, close (or redirect without one). */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<TCallbackState>({ status: 'working' });
  const [hasOpener] = useState(() => openerWindow() !== null);
  const started = useRef(false);

  useEffect(() => {
    // A code can be exchanged once: never run twice (StrictMode, re-renders).
    if (started.current) return;
    started.current = true;
    const opener = openerWindow();
    const notify = (message: Omit<TThreadsVerificationMessage, 'type'>) =>
      opener?.postMessage({ type: THREADS_MESSAGE_TYPE, ...message }, window.location.origin);

    const fail = (message: string) => {
      setState({ status: 'error', message });
      if (!opener) return;
      notify({ success: false, error: message });
      setTimeout(() => window.close(), CLOSE_AFTER_ERROR_MS);
    };

    const code = params.get('code');
    const oauthState = params.get('state');
    if (params.get('error')) return fail(VERIFICATION_MESSAGES.denied);
    if (!code || !oauthState) return fail(VERIFICATION_MESSAGES.missingParams);

    completeThreadsVerification(code, oauthState).then(
      (result) => {
        if (!result.verified) return fail(VERIFICATION_MESSAGES.failed);
        setState({ status: 'success' });
        if (opener) {
          notify({ success: true, profile_data: result.profile_data });
          setTimeout(() => window.close(), CLOSE_AFTER_SUCCESS_MS);
        } else {
          navigate(`${paths.signup}?verified=true`, { replace: true });
        }
      },
      (error: unknown) =>
        fail(
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : VERIFICATION_MESSAGES.unexpected,
        ),
    );
  }, [navigate, params]);

  return (
    <section className="mx-auto flex max-w-md px-4 py-16">
      <Card className="w-full p-8 text-center">
        {state.status === 'working' && (
          <div role="status" className="flex flex-col items-center gap-3">
            <Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Verifying your Threads account…</h1>
          </div>
        )}
        {state.status === 'success' && (
          <div role="status" className="flex flex-col items-center gap-3">
            <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Verification successful!</h1>
            <p className="text-slate-600">
              {hasOpener ? 'This window will close in a moment.' : 'Taking you back to Fanline…'}
            </p>
          </div>
        )}
        {state.status === 'error' && (
          <div className="flex flex-col items-center gap-3">
            <XCircle className="h-10 w-10 text-red-600" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Verification failed</h1>
            <p role="alert" className="text-slate-700">
              {state.message}
            </p>
            {hasOpener ? (
              <p className="text-sm text-slate-500">This window will close in a moment.</p>
            ) : (
              <Button asChild className="mt-2">
                <Link to={paths.signup}>Try Again</Link>
              </Button>
            )}
          </div>
        )}
      </Card>
    </section>
  );
}
