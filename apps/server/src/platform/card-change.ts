import type { AppContext } from './context';

/**
 * Something a creator card shows changed (issue 39, decision 0067): its price, names, picture, bio,
 * categories, availability or capacity, verification, rating, response figures, open-message count,
 * presence, its place in a sort (`updated_at` orders "Recently Active"), or the landing's figures and
 * quotes. Every instance's browse answers go: this one's at once, before this returns, the others'
 * as the word reaches them. The use case that made the change calls it once its transaction has
 * committed, never for a refused or failed attempt. Here in the platform because the writers sit in
 * every tier, down to notifications. The change is committed by then, so a failure to tell the other
 * instances is logged, not thrown: their answers are then at most BROWSE_CACHE_MS old.
 */
export async function announceCardChange(ctx: Pick<AppContext, 'events' | 'log'>): Promise<void> {
  try {
    await ctx.events.cardsChanged();
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not tell the other instances that creator cards changed');
  }
}
