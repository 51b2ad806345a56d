import { Link } from 'react-router';
import { AuthShell } from '../../components/layout/auth-shell';
import { paths } from '../../paths';
import { requestPasswordReset } from './api/account';
import { EmailRequestForm } from './components/email-request-form';

/** Asks for a password reset link (mailed; it opens /reset-password#token=…). */
export function Component() {
  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to choose a new one."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <EmailRequestForm
        submitLabel="Send reset link"
        sentMessage="If an account exists for that email, a reset link is on its way. It expires in one hour."
        send={requestPasswordReset}
      />
    </AuthShell>
  );
}
