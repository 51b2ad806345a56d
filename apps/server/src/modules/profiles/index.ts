// The profiles module's front door: what other modules (auth, verification) and the app may call.

export { assertDisplayNameAllowed, nameSkeleton } from './display-name';
export { loadSessionUser, type SessionUser } from './load-session-user';
export { lockProfile, nameOf, profileExists } from './names';
export { profileFromSignUp } from './profile-from-signup';
export { recordProfileView } from './record-profile-view';
export { addPortfolioImage } from './upload-creator-image';
export { heldFor, holdFreedUsername, isUsernameAvailable } from './username-availability';
