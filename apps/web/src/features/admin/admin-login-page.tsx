import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@fanline/contracts';
import { useMutation } from '@tanstack/react-query';
import { Shield } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { api } from '../../lib/api-client';
import { signInErrorMessage } from '../../lib/auth/auth-errors';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../paths';

export interface AdminLoginNotice {
  /** Set by the /admin guard when a signed-in account is not an admin. */
  denied?: boolean;
}

/** spec §2 /admin/login, §5 Admin sign-in, §8 Admin. */
export function Component() {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, loading, signIn, setUser } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(
    (location.state as AdminLoginNotice | null)?.denied ? ADMIN_MESSAGES.accessDenied : null,
  );

  // spec §2: an admin already signed in goes straight to the dashboard.
  useEffect(() => {
    if (!loading && user?.isAdmin) navigate(paths.adminDashboard, { replace: true });
  }, [loading, user, navigate]);

  const mutation = useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      const signedIn = await signIn(input);
      if (signedIn.isAdmin) return signedIn;
      // spec §5: a password login on /admin by someone who is not an admin is signed out again.
      await api('/auth/sign-out', { method: 'POST' }).catch(() => undefined);
      setUser(null);
      throw new Error(ADMIN_MESSAGES.accessDenied);
    },
    onError: (err) => setError(err.message === ADMIN_MESSAGES.accessDenied ? err.message : signInErrorMessage(err)),
  });

  if (loading || user?.isAdmin) return <PageSpinner />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.missingCredentials);
      return;
    }
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <Card className="w-full max-w-md p-8">
        <div className="flex flex-col items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Shield className="h-6 w-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Admin Portal</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in with an administrator account</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4" aria-busy={mutation.isPending}>
          {error && <Alert title="Sign in failed">{error}</Alert>}
          <Field id={`${id}-email`} label="Email">
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={mutation.isPending}
            />
          </Field>
          <Field id={`${id}-password`} label="Password">
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={mutation.isPending}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? 'Signing in…' : 'Sign In'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to={paths.home} className="font-medium text-brand-700 hover:underline">
            Back to Fanline
          </Link>
        </p>
      </Card>
    </main>
  );
}
