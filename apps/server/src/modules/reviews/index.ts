// The reviews module's front door (ARCHITECTURE §1): what other modules and the app may use.
export { createReview } from './create-review';
export { listCreatorReviews } from './list-creator-reviews';
export { respondToReview } from './respond-to-review';
export { reviewRoutes } from './routes';
