import { AUTH_MESSAGES } from '@fanline/contracts';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthShell } from '../../components/layout/auth-shell';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { takePostLoginTarget } from '../../lib/auth/storage';
import { paths } from '../../paths';
import { confirmEmail, resendConfirmation } from './api/account';
import { EmailRequestForm } from './components/email-request-form';
import { linkToken } from './utils/link-token';

type TConfirmState = 'working' | 'done' | 'failed';

/**
 * The confirmation mail's link lands here (/auth/confirm#token=…: the token stays in the browser). Confirming signs the account in;
 * a customer then goes to /, a creator-to-be to /dashboard/settings where setup continues (spec §2).
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const [state, setState] = useState<TConfirmState>('working');
  const [reason, setReason] = useState('');
  const started = useRef(false);
  // Read once: the address bar loses the token right after (below).
  const [token] = useState(() => linkToken(location));

  useEffect(() => {
    // A token works once: never send it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    // The token leaves the address bar (and so the history and any bookmark) before it is used.
    window.history.replaceState(window.history.state, '', location.pathname);
    if (!token) {
      setReason('This confirmation link is incomplete.');
      setState('failed');
      return;
    }
    confirmEmail(token).then(
      ({ user }) => {
        setUser(user);
        setState('done');
        toast.success('Email confirmed', { description: 'Your account is ready. You are signed in.' });
        const creatorToBe = user.intendedAccountType === 'creator' && !user.isCreator;
        // Issue 36 §17: a new fan goes to Discover (or back to the profile they came from), not to the
        // marketing page they already read.
        const target = creatorToBe ? paths.dashboardSettings : takePostLoginTarget();
        navigate(target === paths.home ? paths.creators : target, { replace: true });
      },
      (error: unknown) => {
        setReason(
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? AUTH_MESSAGES.confirmationLinkInvalid
            : 'We could not confirm your email right now. Please try again.',
        );
        setState('failed');
      },
    );
  }, [location.pathname, navigate, setUser, token]);

  if (state !== 'failed') {
    return (
      <AuthShell title="Confirming your email">
        <p role="status" className="flex items-center gap-2 text-slate-600">
          {state === 'working' ? (
            <Loader2 className="h-5 w-5 animate-spin text-brand-600" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-hidden="true" />
          )}
          {state === 'working' ? 'One moment…' : 'Email confirmed.'}
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Email not confirmed">
      <div className="space-y-6">
        <Alert title="Confirmation failed">{reason}</Alert>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Send a new confirmation link</h2>
          <div className="mt-3">
            <EmailRequestForm
              submitLabel="Resend confirmation email"
              sentMessage="If that account still needs confirming, a new link is on its way."
              send={resendConfirmation}
            />
          </div>
        </div>
        <Button asChild variant="secondary" className="w-full">
          <Link to={paths.login}>Back to Sign In</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
