import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profiles } from '../../db/schema';

/**
 * spec §4: skip sets is_creator true and instagram_verified false. Availability and
 * threads_onboarding_completed are left as they are: an unverified creator is not listed in full
 * search until verified.
 */
export async function skipVerification(options: { app: FastifyInstance; userId: string }): Promise<void> {
  await options.app.db
    .update(profiles)
    .set({ isCreator: true, instagramVerified: false, updatedAt: options.app.clock.now() })
    .where(eq(profiles.id, options.userId));
}
