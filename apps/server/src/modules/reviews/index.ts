// The reviews module's front door (ARCHITECTURE §1): what other modules and the app may use.
export { listCreatorReviews } from './list-creator-reviews';
export { listTestimonials } from './list-testimonials';
export { type ResponseFigures, recordResponseFigures } from './record-response-figures';
