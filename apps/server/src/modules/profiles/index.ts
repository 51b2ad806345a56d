// The profiles module's front door: what other modules (auth, verification) and the app may call.

export { avatarFromPictureDefinition, avatarFromPictureEffect, copyPictureAsAvatar } from './avatar-from-picture';
export { closeProfile, ERASED_DISPLAY_NAME, eraseProfile } from './close-profile';
export { creatorSetupFacts, markLinkShared } from './creator-setup';
export { assertDisplayNameAllowed, nameSkeleton, protectedCreators } from './display-name';
export { loadSessionUser, type SessionUser } from './load-session-user';
export { maintainProfileViews } from './maintain-profile-views';
export { lockProfile, nameOf, profileExists } from './names';
export { profileFromSignUp } from './profile-from-signup';
export { recordProfileView } from './record-profile-view';
export { addPortfolioImage } from './upload-creator-image';
export { heldFor, holdFreedUsername } from './username-availability';
export {
  assertUsernameAllowed,
  isReservedUsername,
  isUsernameAvailable,
  type TUsernameProblem,
  usernameProblem,
} from './username-rules';
