import { SEARCH_MESSAGES, type TPublicProfile } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Link2Off } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMessageEligibility } from '../../components/creators/message-eligibility';
import { NotFoundPanel } from '../../components/errors/not-found-panel';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { REDIRECT_AFTER_LOGIN_KEY, writeStorage } from '../../lib/auth/storage';
import { usePlatformConfig } from '../../lib/platform-config';
import { paths } from '../../paths';
import { publicProfileQuery } from './api/profile';
import { ProfileHeader } from './components/profile-header';
import { ProfileProblem } from './components/profile-problem';
import { ProfileSkeleton } from './components/profile-skeleton';
import { ProfileTabs } from './components/profile-tabs';
import { messageAvailability, PurchasePanel } from './components/purchase-panel';
import { StickyMessageBar } from './components/sticky-message-bar';
import { isInvalidProfileUsername } from './utils/username';

/** What the profile renders as its message dialog; app/routes passes the messaging feature's dialog in. */
export type TMessageDialogSlot = (props: {
  creator: TPublicProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

interface CreatorProfilePageProps {
  messageDialog: TMessageDialogSlot;
  /** Called when a visitor points at, touches or focuses a Message button: fetch the dialog's code then. */
  onMessageIntent?: () => void;
}

/** spec §2 Public creator profile /{username}. */
export function CreatorProfilePage({ messageDialog, onMessageIntent }: CreatorProfilePageProps) {
  const { username = '' } = useParams();
  const invalid = isInvalidProfileUsername(username);
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      {invalid ? (
        <ProfileProblem
          icon={Link2Off}
          title={SEARCH_MESSAGES.invalidUsername}
          body="This link is missing a creator's name."
        />
      ) : (
        <CreatorProfile username={username.trim()} messageDialog={messageDialog} onMessageIntent={onMessageIntent} />
      )}
    </section>
  );
}

function CreatorProfile({ username, ...slots }: { username: string } & CreatorProfilePageProps) {
  const query = useQuery(publicProfileQuery(username));
  const { search } = useLocation();
  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) {
      // The site's one not-found design (issue 36 §17); the server sent this page with a 404.
      return (
        <NotFoundPanel
          title={SEARCH_MESSAGES.profileNotFound}
          body={`Creator profile "${username}" not found`}
          actions={
            <>
              <Button asChild>
                <Link to={paths.home}>Back to Home</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={paths.creators}>Discover Creators</Link>
              </Button>
            </>
          }
        />
      );
    }
    if (status === 400) {
      return <ProfileProblem icon={Link2Off} title={SEARCH_MESSAGES.invalidUsername} body="Invalid username" />;
    }
    return (
      <ProfileProblem
        icon={AlertTriangle}
        title="Failed to load profile"
        body="Please try again in a moment."
        onRetry={() => void query.refetch()}
      />
    );
  }
  // An old name of a creator who renamed (held for them for a while): go to their current address.
  if (query.data.username.toLowerCase() !== username.toLowerCase()) {
    return <Navigate to={`/${encodeURIComponent(query.data.username)}${search}`} replace />;
  }
  return <LoadedProfile profile={query.data} {...slots} />;
}

function LoadedProfile({
  profile,
  messageDialog,
  onMessageIntent,
}: { profile: TPublicProfile } & CreatorProfilePageProps) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  const isOwn = user?.id === profile.id;
  const { requireCreatorVerification } = usePlatformConfig();
  // Issue 36: a fan the creator blocked is told so here, before writing anything.
  const eligibility = useMessageEligibility(profile.username, !isOwn);
  const refusal = eligibility?.reason === 'blocked' ? eligibility.message : null;
  const canMessage = !isOwn && !refusal && messageAvailability(profile, requireCreatorVerification) === 'available';
  const wantsDialog = params.get('openModal') === 'true';

  // spec §2: ?openModal=true opens the message dialog for a signed-in visitor. The parameter is
  // dropped once used, so closing the dialog and reloading does not bring it back.
  useEffect(() => {
    if (!wantsDialog || loading || !user) return;
    if (canMessage) setDialogOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('openModal');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wantsDialog, loading, user, canMessage, setParams]);

  const onMessage = () => {
    if (user) {
      setDialogOpen(true);
      return;
    }
    // spec §2: a guest's path is kept; signing in brings them back with the dialog open.
    writeStorage(REDIRECT_AFTER_LOGIN_KEY, location.pathname);
    navigate(paths.login);
  };

  const name = profile.displayName || profile.username;
  return (
    <>
      <title>{`${name} (@${profile.username}) · Fanline`}</title>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <ProfileHeader profile={profile} isOwn={isOwn} />
          {!isOwn && (
            <div className="lg:hidden">
              <PurchasePanel
                profile={profile}
                refusal={refusal}
                sessionLoading={loading}
                onMessage={onMessage}
                onIntent={onMessageIntent}
              />
            </div>
          )}
          {/* Its own boundary: hydration commits the tabs apart from the header (decision 0037). */}
          <Suspense fallback={null}>
            <ProfileTabs profile={profile} />
          </Suspense>
        </div>
        {!isOwn && (
          <aside aria-label="Message" className="hidden lg:sticky lg:top-24 lg:block">
            <PurchasePanel
              profile={profile}
              refusal={refusal}
              sessionLoading={loading}
              onMessage={onMessage}
              onIntent={onMessageIntent}
            />
          </aside>
        )}
      </div>
      {canMessage && (
        // Room at the end of the page, so the sticky button never hides the last review or Load more.
        <div aria-hidden="true" className="h-20" />
      )}
      {canMessage && (
        <StickyMessageBar
          username={profile.username}
          priceCents={profile.messagePrice}
          disabled={loading}
          onMessage={onMessage}
          onIntent={onMessageIntent}
        />
      )}
      {canMessage && messageDialog({ creator: profile, open: dialogOpen, onOpenChange: setDialogOpen })}
    </>
  );
}
