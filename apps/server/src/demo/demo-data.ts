import { randomBytes } from 'node:crypto';
import { count, eq, like } from 'drizzle-orm';
import { adminUsers, users } from '../db/schema';
import {
  createAccount,
  ensureSuperAdmin,
  type ProfileFields,
  revokeUserSessions,
  setAccountPassword,
} from '../modules/auth';
import type { Db } from '../platform/db';
import { verifyPassword } from '../platform/password';
import { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, demoEmail } from './demo-accounts';

export { DEMO_ACCOUNTS, demoEmail } from './demo-accounts';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  username?: string;
}

/** The passwords one seeding uses: every demo creator and the fan share `demo`; the demo admin has its own. */
export interface DemoPasswords {
  demo: string;
  admin: string;
}

/** Fresh random passwords for one data directory (12 URL-safe characters each). */
export function generateDemoPasswords(): DemoPasswords {
  return { demo: randomBytes(9).toString('base64url'), admin: randomBytes(9).toString('base64url') };
}

type DemoCreator = ProfileFields & { username: string; displayName: string };

// Varied on purpose: prices, availability, verification, featured flags and categories all differ,
// so every filter and sort of the browse page has something to show. No response rate is written
// here (issue 36 §1): a rate is computed from the paid messages the use-case seeds create
// (demo-earnings.ts, demo-conversations.ts, demo-activity.ts); a creator without any shows "New".
const CREATORS: DemoCreator[] = [
  {
    username: 'mayastyle',
    displayName: 'Maya Chen',
    bio: 'Fashion stylist in NYC. Ask me anything about building a capsule wardrobe.',
    messagePrice: 2500,
    disciplines: ['Fashion', 'Lifestyle'],
    instagramUsername: 'mayastyle',
    instagramFollowerCount: 245_000,
    isFeatured: true,
  },
  {
    username: 'coachdre',
    displayName: 'Andre Brooks',
    bio: 'Strength coach. Programs, form checks and nutrition questions welcome.',
    messagePrice: 5000,
    disciplines: ['Fitness', 'Sports'],
    instagramUsername: 'coachdre',
    instagramFollowerCount: 512_000,
    isFeatured: true,
  },
  {
    username: 'lenabeats',
    displayName: 'Lena Park',
    bio: 'Producer and DJ. Feedback on your tracks, mixing and getting gigs.',
    messagePrice: 7500,
    disciplines: ['Music'],
    instagramUsername: 'lenabeats',
    instagramFollowerCount: 1_240_000,
    isFeatured: true,
  },
  {
    username: 'pixelpete',
    displayName: 'Pete Alvarez',
    bio: 'Full-time streamer. Gear, growth and game strategy.',
    messagePrice: 1500,
    disciplines: ['Gaming', 'Tech'],
    instagramUsername: 'pixelpete',
    instagramFollowerCount: 88_000,
    isFeatured: true,
  },
  {
    username: 'chefnora',
    displayName: 'Nora Quinn',
    bio: 'Chef and cookbook author. Recipes, techniques and restaurant life.',
    messagePrice: 3000,
    disciplines: ['Food', 'Lifestyle'],
    instagramUsername: 'chefnora',
    instagramFollowerCount: 330_000,
    isFeatured: true,
  },
  {
    username: 'samtravels',
    displayName: 'Sam Okafor',
    bio: 'Sixty countries and counting. Itineraries, budgets and hidden gems.',
    messagePrice: 2000,
    disciplines: ['Travel'],
    instagramUsername: 'samtravels',
    instagramFollowerCount: 150_000,
    isFeatured: true,
  },
  {
    username: 'inkbyiris',
    displayName: 'Iris Novak',
    bio: 'Illustrator. Portfolio reviews and how to price freelance work.',
    messagePrice: 4500,
    disciplines: ['Art', 'Business'],
    instagramUsername: 'inkbyiris',
    instagramFollowerCount: 64_000,
    isFeatured: true,
  },
  {
    username: 'devdaniel',
    displayName: 'Daniel Reyes',
    bio: 'Staff engineer. Career advice, system design and interview prep.',
    messagePrice: 10000,
    disciplines: ['Tech', 'Education', 'Business'],
    instagramUsername: 'devdaniel',
    instagramFollowerCount: 41_000,
    isFeatured: true,
  },
  {
    username: 'glowwithgia',
    displayName: 'Gia Romano',
    bio: 'Licensed esthetician. Skincare routines that actually work.',
    messagePrice: 3500,
    disciplines: ['Beauty'],
    instagramUsername: 'glowwithgia',
    instagramFollowerCount: 780_000,
  },
  {
    username: 'funnyfrank',
    displayName: 'Frank Miller',
    bio: 'Stand-up comic. Joke punch-ups and stage fright cures.',
    messagePrice: 1000,
    disciplines: ['Comedy'],
    instagramUsername: 'funnyfrank',
    instagramFollowerCount: 205_000,
  },
  {
    username: 'profkim',
    displayName: 'Dr. Hana Kim',
    bio: 'Physics professor. Homework help and study strategies.',
    messagePrice: 500,
    disciplines: ['Education'],
    instagramUsername: 'profkim',
    instagramFollowerCount: 12_500,
  },
  {
    username: 'founderfay',
    displayName: 'Fay Adams',
    bio: 'Two exits, one IPO. Pitch decks and fundraising questions.',
    messagePrice: 50000,
    disciplines: ['Business'],
    instagramUsername: 'founderfay',
    instagramFollowerCount: 96_000,
  },
  {
    username: 'yogaomar',
    displayName: 'Omar Haddad',
    bio: 'Yoga teacher. Mobility, breathing and calm.',
    messagePrice: 2500,
    disciplines: ['Fitness', 'Lifestyle'],
    instagramUsername: 'yogaomar',
    instagramFollowerCount: 58_000,
    isAvailable: false,
  },
  {
    username: 'rinasings',
    displayName: 'Rina Torres',
    bio: 'Vocal coach. Technique, range and performance nerves.',
    messagePrice: 6000,
    disciplines: ['Music', 'Education'],
    instagramUsername: 'rinasings',
    instagramFollowerCount: 402_000,
    isAvailable: false,
  },
  {
    username: 'newbie_nick',
    displayName: 'Nick Shaw',
    bio: 'Just joined! Ask me about starting a small business.',
    messagePrice: 2500,
    disciplines: ['Business'],
    threadsOnboardingCompleted: false,
    instagramVerified: false,
  },
];

/**
 * Fills an empty database with demo accounts. Returns the logins, or null when data already exists.
 * `withAdmin: false` leaves the admin to the configured super admin (ADMIN_EMAIL / ADMIN_PASSWORD).
 */
export async function seedDemoData({
  db,
  passwords,
  withAdmin = true,
}: {
  db: Db;
  passwords: DemoPasswords;
  withAdmin?: boolean;
}): Promise<DemoLogin[] | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;

  const logins: DemoLogin[] = [];
  for (const [index, creator] of CREATORS.entries()) {
    const email = demoEmail(creator.username);
    await createAccount({
      db,
      email,
      password: passwords.demo,
      profile: {
        isCreator: true,
        intendedAccountType: 'creator',
        userType: 'creator',
        threadsOnboardingCompleted: true,
        threadsUsername: creator.username,
        instagramVerified: true,
        isAvailable: true,
        // Spread creation times so "Newest Creators" has an order to show.
        createdAt: new Date(Date.now() - (CREATORS.length - index) * 86_400_000),
        ...creator,
      },
    });
    if (index < 3) logins.push({ role: 'creator', email, password: passwords.demo, username: creator.username });
  }

  const fan = DEMO_ACCOUNTS.fan;
  await createAccount({
    db,
    email: fan.email,
    password: passwords.demo,
    profile: { username: fan.username, displayName: fan.displayName },
  });
  logins.push({ role: 'fan', email: fan.email, password: passwords.demo, username: fan.username });

  if (withAdmin) {
    await ensureSuperAdmin(db, { email: DEMO_ACCOUNTS.admin.email, password: passwords.admin });
    logins.push({ role: 'admin', email: DEMO_ACCOUNTS.admin.email, password: passwords.admin });
  }
  return logins;
}

/**
 * Passwords that earlier versions of the demo data wrote in code, published with this repository.
 * Kept only to find accounts that still have one (a data directory from before passwords were
 * generated) and to take them away.
 */
const RETIRED_DEMO_PASSWORDS = ['fanline-demo', 'fanline-admin'];

/**
 * Gives every demo-domain account that still signs in with a published password the given one
 * instead (the admin its own), and signs it out everywhere. Returns the accounts it changed.
 */
export async function retirePublishedPasswords(db: Db, passwords: DemoPasswords): Promise<DemoLogin[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, hash: users.passwordHash, adminRole: adminUsers.role })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
  const changed: DemoLogin[] = [];
  for (const row of rows) {
    let published = false;
    for (const retired of RETIRED_DEMO_PASSWORDS) {
      if (row.hash && (await verifyPassword(row.hash, retired))) published = true;
    }
    if (!published) continue;
    const isAdmin = row.adminRole !== null;
    const password = isAdmin ? passwords.admin : passwords.demo;
    await setAccountPassword(db, { userId: row.id, password });
    await revokeUserSessions(db, row.id);
    changed.push({ role: isAdmin ? 'admin' : 'account', email: row.email, password });
  }
  return changed;
}

export function formatLogins(logins: DemoLogin[], creatorPassword?: string): string {
  const rows = logins.map((l) => `  ${l.role.padEnd(8)} ${l.email.padEnd(28)} ${l.password}`);
  return [
    'Demo logins (role, email, password), generated for this data directory:',
    ...rows,
    ...(creatorPassword ? [`  (every demo creator signs in with ${creatorPassword})`] : []),
  ].join('\n');
}
