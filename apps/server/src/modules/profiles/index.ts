// The profiles module's front door: what other modules (auth, verification, fans, admin) and the app may call.
// Identity (username, display name, creator status, Threads fields) is written only here (issue 35).

export { avatarFromPictureDefinition, avatarFromPictureEffect, copyPictureAsAvatar } from './avatar-from-picture';
export { changeProfileAsAdmin, type TAdminProfileChange, type TAdminProfileRow } from './change-profile-as-admin';
export { closeProfile, ERASED_DISPLAY_NAME, eraseProfile } from './close-profile';
export { createProfile, recordAdminRole, type TNewProfile } from './create-profile';
export { creatorSetupFacts, markLinkShared } from './creator-setup';
export { assertDisplayNameAllowed, nameSkeleton, protectedCreators } from './display-name';
export { loadSessionUser, type SessionUser } from './load-session-user';
export { maintainProfileViews } from './maintain-profile-views';
export { markProfileUpdated } from './mark-profile-updated';
export { markSenderOnboarded } from './mark-sender-onboarded';
export { lockProfile, nameOf, profileExists } from './names';
export { profileFromSignUp } from './profile-from-signup';
export { recordProfileView } from './record-profile-view';
export {
  recordUnverifiedCreator,
  recordVerifiedCreator,
  type TVerifiedCreatorOutcome,
  type VerifiedThreadsAccount,
} from './record-verified-creator';
export { addPortfolioImage } from './upload-creator-image';
export { heldFor, holdFreedUsername } from './username-availability';
export {
  assertUsernameAllowed,
  isReservedUsername,
  isUsernameAvailable,
  type TUsernameProblem,
  usernameProblem,
} from './username-rules';
