// The creators module's front door. Creators is the public catalogue, a read model over `profiles` and
// the messages' rules (docs/decisions/0014): browse, search, featured, a public profile and a creator's
// metrics.
export { creatorCardsChanged } from './browse-cache';
export { getCreatorMetrics, startOfWeekUtc } from './creator-metrics';
export { pruneLookupCache } from './guarded-lookup';
export { findPublicProfile } from './public-profile';
export { browseCreatorColumns } from './summary';
