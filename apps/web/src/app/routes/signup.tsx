import type { TAccountType } from '@fanline/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthShell } from '../../components/layout/auth-shell';
import { PageSpinner } from '../../components/ui/spinner';
import { SignupForm } from '../../features/auth/components/signup-form';
import type { LoginNotice } from '../../features/auth/login-page';
import { ThreadsVerificationPanel } from '../../features/verification/components/threads-verification-panel';
import { useSession } from '../../lib/auth/session';
import { PENDING_CREATOR_VERIFICATION_KEY, readStorage, writeStorage } from '../../lib/auth/storage';
import { paths } from '../../paths';

/**
 * spec §2 /signup: the form, then a creator's Threads step (verify or skip) and /dashboard/settings;
 * a customer goes to /login. A signed-in visitor goes to /, except during that creator step and when
 * the callback comes back with ?verified=true.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user, loading, refresh } = useSession();
  const initialType: TAccountType = params.get('type') === 'creator' ? 'creator' : 'customer';
  const verifiedReturn = params.get('verified') === 'true';
  // Held from submit on: the account is signed in before we have decided where it goes next.
  const submitting = useRef(false);
  // The creator step survives a reload of this tab (sessionStorage, cleared on sign-out).
  const [verifying, setVerifying] = useState(() => readStorage(PENDING_CREATOR_VERIFICATION_KEY, 'session') !== null);
  // Not "&& !user.isCreator": verifying or skipping makes the user a creator a moment before the step
  // navigates on, and that moment must not count as "a signed-in visitor".
  const inCreatorStep = verifying && user !== null && !verifiedReturn;
  const leave = !loading && user !== null && !submitting.current && !inCreatorStep;

  useEffect(() => {
    if (!leave) return;
    if (verifiedReturn) {
      // The callback had no opener to notify, so it came back here (spec §2 Threads callback).
      writeStorage(PENDING_CREATOR_VERIFICATION_KEY, null, 'session');
      void refresh();
      toast.success('Threads account verified', { description: 'Your creator profile is ready.' });
      navigate(paths.dashboardSettings, { replace: true });
    } else {
      navigate(paths.home, { replace: true });
    }
  }, [leave, verifiedReturn, navigate, refresh]);

  if (loading || leave) return <PageSpinner />;

  const finishCreatorStep = () => {
    writeStorage(PENDING_CREATOR_VERIFICATION_KEY, null, 'session');
    navigate(paths.dashboardSettings, { replace: true });
  };

  if (inCreatorStep && user) {
    return (
      <AuthShell title="Verify your Threads account" subtitle="Step 2 of 2 · You can also do this later.">
        <ThreadsVerificationPanel defaultUsername={user.username} onFinished={finishCreatorStep} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle="Join Fanline to message creators, or to get paid for your replies."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignupForm
        initialType={initialType}
        onSubmitting={(value) => {
          submitting.current = value;
        }}
        onCreated={(result, accountType) => {
          toast.success('Account created!', {
            description: result.requiresEmailConfirmation ? 'Check your email to confirm it.' : undefined,
          });
          if (accountType === 'creator' && !result.requiresEmailConfirmation) {
            writeStorage(PENDING_CREATOR_VERIFICATION_KEY, result.user.id, 'session');
            setVerifying(true);
            submitting.current = false;
            return;
          }
          // spec §2: a customer goes to /login (signed in already, /login sends them on). A creator who
          // must confirm the email first continues setup from the dashboard after signing in.
          const notice: LoginNotice = result.requiresEmailConfirmation
            ? { confirmEmail: result.user.email }
            : { newFan: accountType !== 'creator' };
          navigate(paths.login, { state: notice });
        }}
      />
    </AuthShell>
  );
}
