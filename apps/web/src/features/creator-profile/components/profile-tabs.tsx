import type { TPublicProfile } from '@fanline/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AboutTab } from './about-tab';
import { PortfolioGrid } from './portfolio-grid';
import { ReviewList } from './review-list';

/** spec §2: About, Reviews (with their count) and Portfolio. Reviews load when their tab opens. */
export function ProfileTabs({ profile }: { profile: TPublicProfile }) {
  return (
    <Tabs defaultValue="about">
      <TabsList aria-label="Creator profile" className="w-full sm:w-auto">
        <TabsTrigger value="about" className="flex-1 justify-center sm:flex-none">
          About
        </TabsTrigger>
        <TabsTrigger value="reviews" className="flex-1 justify-center sm:flex-none">
          Reviews ({profile.reviewCount})
        </TabsTrigger>
        <TabsTrigger value="portfolio" className="flex-1 justify-center sm:flex-none">
          Portfolio
        </TabsTrigger>
      </TabsList>
      <TabsContent value="about" className="mt-4">
        <AboutTab profile={profile} />
      </TabsContent>
      <TabsContent value="reviews" className="mt-4">
        <ReviewList
          username={profile.username}
          creatorId={profile.id}
          creatorName={profile.displayName || profile.username}
        />
      </TabsContent>
      <TabsContent value="portfolio" className="mt-4">
        <PortfolioGrid images={profile.portfolioImages} name={profile.displayName || profile.username} />
      </TabsContent>
    </Tabs>
  );
}
