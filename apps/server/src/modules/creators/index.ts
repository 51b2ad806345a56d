// The creators module's front door. Creators is a read model over `profiles` (docs/decisions/0014):
// profiles reuses its browse card columns for a public profile.
export { creatorCardsChanged } from './browse-cache';
export { pruneLookupCache } from './guarded-lookup';
export { instagramKeyRoutes } from './instagram-key-routes';
export { creatorRoutes } from './routes';
export { browseCreatorColumns } from './summary';
