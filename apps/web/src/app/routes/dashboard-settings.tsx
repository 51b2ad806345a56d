import { Card } from '../../components/ui/card';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { useSession } from '../../lib/auth/session';

/**
 * /dashboard/settings until the creator issue builds the real page (tabs Profile, Pricing, …): the
 * profile form, so creators land somewhere useful after sign-up and verification (spec §2).
 */
export function Component() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Creator Settings</h1>
      <p className="mt-1 text-slate-600">
        {user.instagramVerified
          ? `Verified on Threads as @${user.instagramUsername ?? user.username}.`
          : 'Your creator profile is live. Pricing and payouts arrive here soon.'}
      </p>
      <Card className="mt-8 p-6">
        <ProfileForm user={user} />
      </Card>
    </section>
  );
}
