import type { TFeaturedCreator } from '../../../components/creators/featured-creator-card';

// spec §8: when the featured list fails or is empty, exactly two hard-coded creators are shown.
// They are samples, not accounts, so the cards lead to Discover rather than to a profile.
export const FALLBACK_CREATORS: TFeaturedCreator[] = [
  {
    username: 'sample-creator',
    displayName: 'Alex Rivera',
    bio: 'Lifestyle creator sharing travel tips, daily routines and honest product picks.',
    avatarUrl: null,
    instagramProfilePicture: null,
    instagramVerified: true,
    messagePrice: 2500,
    responseRate: 95,
  },
  {
    username: 'sample-coach',
    displayName: 'Jordan Lee',
    bio: 'Fitness coach answering questions on training plans, form and nutrition.',
    avatarUrl: null,
    instagramProfilePicture: null,
    instagramVerified: true,
    messagePrice: 5000,
    responseRate: 98,
  },
];
