import { cn } from '../../lib/cn';
import { paths } from '../../paths';

const LINK = 'font-medium text-brand-700 underline hover:text-brand-800';

/** A legal page in a new tab: the form the visitor is filling in (sign-up, a message, a card) stays as it is. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <a className={LINK} href={to} target="_blank" rel="noopener">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * Issue 36: the line under sign-up and payment buttons that names what the visitor agrees to, with the
 * Terms of Service, the Privacy Policy (sign-up) and the Refund Policy (payment) one click away.
 */
export function AgreementNote({ action, className }: { action: 'signup' | 'payment'; className?: string }) {
  return (
    <p data-testid="agreement-note" className={cn('text-xs text-slate-600', className)}>
      {action === 'signup' ? 'By creating an account you agree to the ' : 'By paying you agree to the '}
      <LegalLink to={paths.terms}>Terms of Service</LegalLink>
      {action === 'signup' ? (
        <>
          {' '}
          and the <LegalLink to={paths.privacy}>Privacy Policy</LegalLink>.
        </>
      ) : (
        <>
          {' '}
          and the <LegalLink to={paths.refundPolicy}>Refund Policy</LegalLink>.
        </>
      )}
    </p>
  );
}
