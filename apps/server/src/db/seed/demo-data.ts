import { count } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { adminUsers, users } from '../schema';
import { createAccount, type ProfileFields } from './create-account';

export const DEMO_PASSWORD = 'fanline-demo';
export const DEMO_ADMIN = { email: 'admin@fanline.test', password: 'fanline-admin' };
export const DEMO_FAN = { email: 'fan@fanline.test', password: DEMO_PASSWORD };

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  username?: string;
}

type DemoCreator = ProfileFields & { username: string; displayName: string };

// Varied on purpose: prices, availability, verification, featured flags and categories all differ,
// so every filter and sort of the browse page has something to show.
const CREATORS: DemoCreator[] = [
  {
    username: 'mayastyle',
    displayName: 'Maya Chen',
    bio: 'Fashion stylist in NYC. Ask me anything about building a capsule wardrobe.',
    messagePrice: 2500,
    disciplines: ['Fashion', 'Lifestyle'],
    instagramUsername: 'mayastyle',
    instagramFollowerCount: 245_000,
    responseRate: 98,
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
    responseRate: 96,
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
    responseRate: 92,
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
    responseRate: 99,
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
    responseRate: 97,
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
    responseRate: 94,
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
    responseRate: 100,
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
    responseRate: 91,
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
    responseRate: 95,
  },
  {
    username: 'funnyfrank',
    displayName: 'Frank Miller',
    bio: 'Stand-up comic. Joke punch-ups and stage fright cures.',
    messagePrice: 1000,
    disciplines: ['Comedy'],
    instagramUsername: 'funnyfrank',
    instagramFollowerCount: 205_000,
    responseRate: 89,
  },
  {
    username: 'profkim',
    displayName: 'Dr. Hana Kim',
    bio: 'Physics professor. Homework help and study strategies.',
    messagePrice: 500,
    disciplines: ['Education'],
    instagramUsername: 'profkim',
    instagramFollowerCount: 12_500,
    responseRate: 93,
  },
  {
    username: 'founderfay',
    displayName: 'Fay Adams',
    bio: 'Two exits, one IPO. Pitch decks and fundraising questions.',
    messagePrice: 50000,
    disciplines: ['Business'],
    instagramUsername: 'founderfay',
    instagramFollowerCount: 96_000,
    responseRate: 87,
  },
  {
    username: 'yogaomar',
    displayName: 'Omar Haddad',
    bio: 'Yoga teacher. Mobility, breathing and calm.',
    messagePrice: 2500,
    disciplines: ['Fitness', 'Lifestyle'],
    instagramUsername: 'yogaomar',
    instagramFollowerCount: 58_000,
    responseRate: 97,
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
    responseRate: 90,
    isAvailable: false,
  },
  {
    username: 'newbie_nick',
    displayName: 'Nick Shaw',
    bio: 'Just joined! Ask me about starting a small business.',
    messagePrice: 2500,
    disciplines: ['Business'],
    responseRate: 0,
    threadsOnboardingCompleted: false,
    instagramVerified: false,
  },
];

/** Fills an empty database with demo accounts. Returns the logins, or null when data already exists. */
export async function seedDemoData({ db }: { db: Db }): Promise<DemoLogin[] | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;

  const logins: DemoLogin[] = [];
  for (const [index, creator] of CREATORS.entries()) {
    const email = `${creator.username.replace(/_/g, '')}@fanline.test`;
    await createAccount({
      db,
      email,
      password: DEMO_PASSWORD,
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
    if (index < 3) logins.push({ role: 'creator', email, password: DEMO_PASSWORD, username: creator.username });
  }

  await createAccount({
    db,
    email: DEMO_FAN.email,
    password: DEMO_FAN.password,
    profile: { username: 'demofan', displayName: 'Demo Fan' },
  });
  logins.push({ role: 'fan', ...DEMO_FAN, username: 'demofan' });

  const admin = await createAccount({
    db,
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    profile: { username: 'admin', displayName: 'Fanline Admin', isAdmin: true, adminRole: 'super_admin' },
  });
  await db.insert(adminUsers).values({
    userId: admin.id,
    role: 'super_admin',
    isActive: true,
    permissions: { users: true, messages: true, transactions: true, moderation: true, settings: true },
  });
  logins.push({ role: 'admin', ...DEMO_ADMIN });
  return logins;
}

export function formatLogins(logins: DemoLogin[]): string {
  const rows = logins.map((l) => `  ${l.role.padEnd(8)} ${l.email.padEnd(28)} ${l.password}`);
  return [
    'Demo logins (role, email, password):',
    ...rows,
    `  (every demo creator signs in with ${DEMO_PASSWORD})`,
  ].join('\n');
}
