import { useQuery } from '@tanstack/react-query';
import { PushOffer } from '../../components/push/push-offer';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useSession } from '../../lib/auth/session';
import { useCopy } from '../../lib/platform-config';
import { useMediaQuery } from '../../lib/use-media-query';
import { creatorStatsQuery } from './api/dashboard';
import { AtRiskStrip } from './components/at-risk-strip';
import { InboxList } from './components/inbox-list';
import { MetricsPanel } from './components/metrics-panel';
import { ReviewsTab } from './components/reviews-tab';
import { SetupChecklist } from './components/setup-checklist';
import { StatCards } from './components/stat-cards';

/**
 * spec §2 /dashboard/messages: the creator inbox (inside the guarded creator layout). Issue 36 §16: on a
 * phone the inbox comes first, under the title (it started ~1,000 px down); the at-risk strip, the stat
 * cards, the activity tiles and the push offer follow it.
 * The order is the DOM's, not only the look's, so reading and tab order follow what is seen.
 */
export function Component() {
  const { user } = useSession();
  const copy = useCopy();
  // Issue 26: the push offer once paid messages arrive (one waiting, or any answered or refunded).
  const stats = useQuery(creatorStatsQuery()).data;
  const hasMessages = Boolean(stats && (stats.pendingMessages > 0 || stats.responseRate !== null));
  const phone = !useMediaQuery('(min-width: 768px)', true);
  const offer = hasMessages && (
    <PushOffer
      title="Never miss a paid message"
      body="Get a notification on this device when a paid message arrives and before its deadline."
    />
  );
  return (
    <section className="space-y-6">
      <title>Messages · Creator Dashboard · Fanline</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Messages</h1>
        <p className="mt-1 text-slate-600">{copy('Answer paid messages within {hours} to get paid.')}</p>
      </div>
      {/* A new creator's setup (issue 36 §14), until it is done: first on a wide screen; on a phone right
          after the conversations, which come first there (issue 36 §16). */}
      {!phone && (
        <>
          <SetupChecklist />
          {offer}
          <AtRiskStrip />
          <StatCards />
          <MetricsPanel />
        </>
      )}
      <Tabs defaultValue="messages">
        <TabsList>
          <TabsTrigger value="messages">Messages</TabsTrigger>
          <TabsTrigger value="reviews">Customer Reviews</TabsTrigger>
        </TabsList>
        <TabsContent value="messages" className="mt-4">
          <InboxList />
        </TabsContent>
        <TabsContent value="reviews" className="mt-4">
          {user && <ReviewsTab username={user.username} />}
        </TabsContent>
      </Tabs>
      {phone && (
        <>
          <SetupChecklist />
          <AtRiskStrip />
          <StatCards />
          <MetricsPanel />
          {offer}
        </>
      )}
    </section>
  );
}
