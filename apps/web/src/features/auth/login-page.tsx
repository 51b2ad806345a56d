import { AUTH_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DemoMailboxLink } from '../../components/demo/demo-mailbox';
import { AuthShell } from '../../components/layout/auth-shell';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { signInErrorMessage, type TFormError } from '../../lib/auth/auth-errors';
import { useSession } from '../../lib/auth/session';
import { takePostLoginTarget } from '../../lib/auth/storage';
import { paths } from '../../paths';
import { CANCEL_DELETION_KEY, CancelDeletionCard } from './components/cancel-deletion-card';
import { ResendConfirmationButton } from './components/resend-confirmation';

/** spec §9: the post-login redirect follows 500 ms after a successful sign-in. */
const LOGIN_REDIRECT_MS = 500;

export interface LoginNotice {
  /** Set by sign-up when the new account must confirm its email first. */
  confirmEmail?: string;
  /** Set by sign-up for a new fan already signed in: Discover, not the marketing page (issue 36 §17). */
  newFan?: boolean;
}

/** spec §2 /login, §5 Login, §8 Login. */
export function Component() {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const notice = (location.state as LoginNotice | null) ?? {};
  const { user, loading, signIn } = useSession();
  const [email, setEmail] = useState(notice.confirmEmail ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<(TFormError & { unconfirmed?: boolean }) | null>(null);
  // Set from submit until the redirect: the session turns signed-in before the 500 ms are up, and
  // the "signed-in visitor" redirect below must not cut the wait short.
  const submitting = useRef(false);
  // Issue 41: the closing-account mail's link (#cancel-deletion=…), read once and taken out of the address bar.
  const [cancelToken, setCancelToken] = useState(
    () => new URLSearchParams(location.hash.slice(1)).get(CANCEL_DELETION_KEY) ?? '',
  );
  useEffect(() => {
    if (location.hash.includes(CANCEL_DELETION_KEY))
      window.history.replaceState(window.history.state, '', location.pathname + location.search);
  }, [location]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: () => {
      toast.success('Welcome back!', { description: 'You are signed in.' });
      timer.current = setTimeout(
        () => navigate(takePostLoginTarget(params.get('returnTo')), { replace: true }),
        LOGIN_REDIRECT_MS,
      );
    },
    onError: (err) => {
      submitting.current = false;
      setError({
        title: 'Sign in failed',
        message: signInErrorMessage(err),
        unconfirmed: err instanceof ApiError && err.code === 'EMAIL_NOT_CONFIRMED',
      });
    },
  });

  // spec §2: a signed-in visitor is redirected, by the same rule as after signing in. Taking the
  // target consumes the stored path, so it happens once, in an effect.
  const redirectNow = !loading && user !== null && !submitting.current;
  const redirected = useRef(false);
  useEffect(() => {
    if (!redirectNow || redirected.current) return;
    redirected.current = true;
    const target = takePostLoginTarget(params.get('returnTo'));
    navigate(notice.newFan && target === paths.home ? paths.creators : target, { replace: true });
  }, [redirectNow, navigate, params, notice.newFan]);

  if (loading || redirectNow) return <PageSpinner />;
  if (cancelToken) return <CancelDeletionCard token={cancelToken} onDone={() => setCancelToken('')} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError({ title: 'Missing information', message: AUTH_MESSAGES.missingCredentials });
      return;
    }
    submitting.current = true;
    mutation.mutate({ email: email.trim(), password });
  };

  const busy = mutation.isPending || mutation.isSuccess;
  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to your Fanline account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.signup} className="font-medium text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={busy}>
        {notice.confirmEmail && !error && (
          <Alert tone="info" title="Check your email">
            We sent a confirmation link to {notice.confirmEmail}. Confirm your account, then sign in.
            <DemoMailboxLink className="block" />
          </Alert>
        )}
        {error && (
          <Alert title={error.title}>
            {error.message}
            {error.unconfirmed && <ResendConfirmationButton email={email} />}
          </Alert>
        )}
        <Field id={`${id}-email`} label="Email">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={busy}
          />
        </Field>
        <div>
          <Field id={`${id}-password`} label="Password">
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={busy}
            />
          </Field>
          <div className="mt-2 text-right">
            <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
    </AuthShell>
  );
}
