import { Lock, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { RequireAuth } from '../../components/auth/require-auth';
import { CreatorLayout } from '../../components/layout/creator-layout';
import { Button } from '../../components/ui/button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { CreatorSetupModal } from '../../features/verification/components/creator-setup-modal';
import { useSession } from '../../lib/auth/session';
import { useReportTimeZone } from '../../lib/auth/use-report-time-zone';
import { paths } from '../../paths';

/** spec §2: /dashboard/* is guarded: guests sign in first; non-creators see the access message. */
export function Component() {
  return (
    <RequireAuth>
      <CreatorGate />
    </RequireAuth>
  );
}

function CreatorGate() {
  const { user } = useSession();
  const navigate = useNavigate();
  const creatorToBe = user?.intendedAccountType === 'creator';
  // spec §2: someone who signed up as a creator but has not verified or skipped yet gets the setup modal.
  const [setupOpen, setSetupOpen] = useState(creatorToBe);
  useReportTimeZone();
  if (user?.isCreator) {
    return (
      <CreatorLayout actions={<NotificationBell />}>
        <Outlet />
      </CreatorLayout>
    );
  }

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <Lock className="h-12 w-12 text-brand-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">Creator Dashboard Access Required</h1>
      <p className="mt-3 text-slate-600">
        {creatorToBe
          ? 'Finish your creator setup to open the dashboard.'
          : 'The dashboard is for creators. Your conversations are in your messages.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {creatorToBe && (
          <Button onClick={() => setSetupOpen(true)}>
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            Complete creator setup
          </Button>
        )}
        <Button asChild variant={creatorToBe ? 'secondary' : 'primary'}>
          <Link to={paths.messages}>Go to Messages</Link>
        </Button>
      </div>
      {creatorToBe && (
        <CreatorSetupModal
          open={setupOpen}
          onOpenChange={setSetupOpen}
          onFinished={() => {
            setSetupOpen(false);
            navigate(paths.dashboardSettings, { replace: true });
          }}
        />
      )}
    </section>
  );
}
