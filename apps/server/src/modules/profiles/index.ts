// The profiles module's front door: what other modules (auth, verification) and the app may call.
export { loadSessionUser, type SessionUser } from './load-session-user';
export { profileFromSignUp } from './profile-from-signup';
export { publicProfileRoutes } from './public-routes';
export { profileRoutes } from './routes';
export { addPortfolioImage } from './upload-creator-image';
export { holdFreedUsername, isUsernameAvailable } from './username-availability';
