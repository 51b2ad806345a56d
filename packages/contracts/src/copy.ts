import type { TBrowseSort } from './browse-limits';
import type { TDeclineReason } from './decline-reasons';
import type { TEmailKind } from './email-kinds';
import { GENERIC_ERROR_MESSAGE } from './errors';
import { LIMITS } from './limits';
import type { TSettingKey } from './settings';

// The product's own words (spec §5 and §8), every user-facing sentence in one place, shared so the
// server and the web app say the same thing. Schemas live in the module files and import from here.

export { TEXT_MESSAGES } from './text-messages';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please check your credentials.',
  emailNotConfirmed: 'Please check your email and confirm your account before signing in.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  signInFailed: 'Invalid email or password. Please try again.',
  unexpected: GENERIC_ERROR_MESSAGE,
  missingCredentials: 'Please enter both email and password.',
  adminOnly: 'Access denied. Admin privileges required.',
  emailTaken: 'An account with this email already exists. Please try signing in instead.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: `Password must be at least ${LIMITS.password.min} characters long.`,
  passwordTooCommon: 'This password is too common and easy to guess. Please choose a different one.',
  usernameTakenServer: 'This username is already taken. Please choose a different username.',
  usernameTakenForm: 'This username is already taken. Please choose a different one.',
  signUpFailed: 'Failed to create account. Please try again.',
  requiredFields: 'Please fill in all required fields.',
  passwordMismatch: 'Passwords do not match.',
  usernameTakenHint: 'Username is already taken',
  usernameAvailableHint: 'Username is available',
  confirmationLinkInvalid: 'This confirmation link is invalid or has expired.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
} as const;

export const VERIFICATION_MESSAGES = {
  verifyFailed: 'Failed to verify your Threads account. Please try again.',
  skipFailed: 'Failed to create creator profile. Please try again.',
  /**
   * spec §8 said 'OAuth verification required' (developer words); a person is told what to do instead
   * (decision 0024). Shown when the server has no Threads app and no demo simulation.
   */
  threadsUnavailable: "Threads verification isn't available on this site right now. Choose Skip for now to continue.",
  popupBlocked: 'Popup was blocked. Please allow popups and try again.',
  cancelled: 'Verification cancelled by user',
  popupFailed: 'Failed to open verification popup',
  failed: 'Verification failed',
  missingParams: 'Missing authentication parameters',
  denied: 'Authentication was denied or failed',
  unexpected: 'An unexpected error occurred',
  enterUsername: 'Please enter a username',
  loginRequired: 'Please log in to complete verification.',
  usernameRequired: 'Please set a username first',
  mismatch: (expected: string, found: string) => `Username mismatch. Expected: ${expected}, Found: ${found}`,
  tokenExchangeFailed: (status: number, body: string) => `Token exchange failed: ${status} - ${body}`,
  profileFetchFailed: (status: number, body: string) => `Profile fetch failed: ${status} - ${body}`,
} as const;

export const UPLOAD_MESSAGES = {
  invalidType: 'Invalid file type',
  invalidTypeHint: 'Please upload a JPG, PNG or GIF image.',
  tooLarge: 'File too large',
  tooLargeHint: 'Images must be 5MB or smaller.',
  /** Security review F2: a small file may still unpack to a huge picture; refused before it is decoded. */
  tooManyPixels: 'This image is too big to process. Images must be 24 megapixels or smaller.',
  failed: 'Upload failed',
  unreadable: 'The upload could not be read. Please try again.',
  onePart: 'Send exactly one file, in a form field named "file".',
  noFile: 'No file was sent.',
  notAuthenticated: 'User not authenticated',
} as const;

export const PROFILE_MESSAGES = {
  saved: 'Profile updated',
  saveFailed: 'Failed to update profile',
  emailReadOnly: 'Email cannot be changed here',
  displayNameRequired: 'Display name is required.',
  displayNameTooLong: `Display name must be at most ${LIMITS.displayName.max} characters.`,
  displayNameHiddenCharacters:
    'Display names cannot contain invisible, control or text-direction characters. Please remove them.',
  displayNameConfusable:
    'This display name looks like the name of a creator on Fanline. Please choose a different one.',
  displayNameNeedsLetter: 'Display names need at least one letter, number or emoji.',
  usernameNeedsLetter: 'Usernames need at least one letter or number.',
  usernameConfusable: "This username looks like another creator's. Please choose a different username.",
} as const;

export const MESSAGE_MESSAGES = {
  authRequiredTitle: 'Authentication required',
  authRequired: 'Please sign in to send messages.',
  requiredTitle: 'Message required',
  required: 'Please enter a message before sending.',
  tooShortTitle: 'Message too short',
  tooShort: `Please write at least ${LIMITS.message.min} characters.`,
  tooLongTitle: 'Message too long',
  tooLong: `Please keep your message under ${LIMITS.message.max} characters.`,
  recipientNotFound: 'Recipient not found',
  originalNotFound: 'Original message not found',
  paymentUrlMissing: 'Could not retrieve payment URL.',
  paymentInitFailedTitle: 'Payment Initialization Failed',
  paymentInitFailed: 'There was a problem redirecting you to Stripe. Please try again.',
  sendFailedTitle: 'Failed to send message',
  sendFailed: 'Please try again or contact support if the problem persists.',
  testBypassFailedTitle: 'Test bypass failed',
  testFailed: 'Failed to send test message.',
  responseSent: 'Response sent successfully!',
  followupSent: 'Follow-up message sent!',
  responseFailed: 'Failed to send response',
  followupFailed: 'Failed to send follow-up message',
  minimumChars: `Minimum ${LIMITS.response.min} characters required`,
  readyToSend: 'Ready to send',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  cardDeclined: 'Your card was declined. Please use a different card.',
  expired: 'This message has expired and was refunded; it can no longer be answered.',
  unavailable: 'This creator is not accepting messages right now.',
  /** Issue #13: the creator blocked this fan; said plainly, as nothing the fan does will change it. */
  blocked: 'This creator has blocked you, so you can’t message them.',
  maintenance: 'Messaging is paused for maintenance. Please try again soon.',
  priceChanged: 'This creator’s price has changed since you started. Please start again from their profile.',
} as const;

export const SEARCH_MESSAGES = {
  /** For admins: what to set up. Issue 36 §17: visitors get `notConfiguredVisitor`, no operator detail. */
  notConfigured: 'Instagram API key not configured. Showing platform creators only.',
  notConfiguredVisitor: 'Showing creators on Fanline only.',
  quota: 'Instagram API quota exceeded. Showing platform creators only.',
  unavailable: 'Instagram API temporarily unavailable. Showing platform creators only.',
  noData: 'Instagram API failed to return data. Please check the username or try again later.',
  searchError: (message: string) => `Error searching creators: ${message}`,
  searchFallback: 'An error occurred while searching',
  noneFound: 'No creators found',
  quickNone: (term: string) => `No creators found for "${term}"`,
  browseEmptyTitle: 'No creators available',
  browseEmptyBody: 'Check back soon for new creators joining our platform.',
  browseNoMatch: 'No creators found matching your search',
  browseErrorTitle: 'Error loading creators',
  browseErrorBody: 'Please try again in a moment',
  profileNotFound: 'Profile Not Found',
  invalidUsername: 'Invalid username in URL',
} as const;

/** spec §8 Payout/settings/Stripe: the product's words. */
export const PAYOUT_MESSAGES = {
  requested: 'Payout Request Submitted',
  requestedBody: 'Your payout request is being processed.',
  failed: 'Payout Request Failed',
  failedFallback: 'An unknown error occurred.',
  minimumNotMet: 'Minimum Payout Not Met',
  amountPositive: 'Payout amount must be positive.',
  accountRequired: 'Stripe onboarding not complete',
  accountRequiredBody: 'Connect your payout account under Settings → Payout before requesting a payout.',
  connectFailed: 'Failed to connect with Stripe',
  syncFailed: 'Error syncing Stripe status',
  onboardingIncomplete: 'Stripe onboarding not complete',
  connectExpired: 'Stripe connection expired',
  connected: 'Stripe account connected',
  saved: 'Settings saved',
  savedBody: 'Profile updated',
  saveFailed: 'Failed to update profile. Please try again.',
} as const;

// spec §8 Reviews: the product's words for every review outcome.
export const REVIEW_MESSAGES = {
  createTitle: (creator: string) => `Rate Your Experience with ${creator}`,
  editTitle: (creator: string) => `Edit Review with ${creator}`,
  submitted: 'Review submitted successfully!',
  updated: 'Review updated successfully!',
  deleted: 'Review deleted successfully!',
  responseAdded: 'Response added successfully!',
  responseDeleted: 'Response deleted successfully!',
  submitFailed: 'Failed to submit review',
  updateFailed: 'Failed to update review',
  deleteFailed: 'Failed to delete review',
  respondFailed: 'Failed to respond to review',
  deleteResponseFailed: 'Failed to delete response',
  network: 'Network error: Please check your connection and try again',
  permission: 'Permission error: Unable to submit review',
  duplicate: 'You have already reviewed this creator',
  auth: 'Authentication error: Please log in again',
  responseRequired: 'Please enter a response',
  // Ours: why the server refuses a review (the dialog shows the permission message above).
  notReplied: 'You can review a creator once they have replied to your message',
  notFound: 'Review not found',
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  notAuthor: 'Only the author can change this review',
  notAddressed: 'Only the creator this review is about can respond to it',
} as const;

export const ADMIN_MESSAGES = {
  accessDenied: 'Access denied. Admin privileges required.',
  promoteFailed: 'Failed to promote user to creator',
  featureFailed: 'Failed to update featured status',
  updateSuccessTitle: 'Success',
  updateSuccess: 'User profile updated successfully',
  updateFailed: (message: string) => `Failed to update user profile: ${message}`,
  settingsLoadFailed: 'Failed to load platform settings',
  settingsSaveFailed: 'Failed to save platform settings',
  settingsSaved: 'Platform settings saved successfully',
} as const;

export const REPORT_MESSAGES = {
  sent: 'Thanks, your report was sent to our moderators. We will let you know the outcome.',
  duplicate: 'You have already reported this. Our moderators will review it.',
} as const;

/** Issue #13: the "not an answer" flag, as the fan, the creator and the admin read it. */
export const NOT_AN_ANSWER_MESSAGES = {
  action: 'Not an answer?',
  dialogTitle: 'Flag this reply as not an answer',
  dialogBody:
    'If this reply does not answer your message, tell us why. The creator is not paid for it while our moderators review it; if they agree, your payment is refunded.',
  reasonLabel: 'Why is this not an answer?',
  submit: 'Flag reply',
  sent: 'Flagged — under review. We will let you know the outcome.',
  pending: 'Flagged — under review',
  approved: 'Flag upheld — your payment was refunded',
  approvedCreator: 'Flag upheld — the fan was refunded',
  rejected: 'Flag reviewed — the reply stands',
  duplicate: 'This reply has already been flagged.',
  windowClosed: 'The time to flag this reply has passed.',
  notPaid: 'Only a paid reply that was charged can be flagged.',
  alreadyPaidOut: 'The time to flag this reply has passed.',
  creatorNotifiedTitle: 'A reply was flagged',
  creatorNotifiedBody: 'A fan flagged your reply as not an answer. Its earning is on hold until we review it.',
  approvedFanTitle: 'Your flag was upheld',
  approvedFanBody: 'We agreed the reply did not answer your message. Your payment was refunded.',
  approvedCreatorTitle: 'A flagged reply was refunded',
  approvedCreatorBody: 'We agreed the flagged reply did not answer the message; the fan was refunded.',
  rejectedFanTitle: 'Your flag was reviewed',
  rejectedFanBody: 'We reviewed the reply you flagged and found it answers your message.',
  rejectedCreatorTitle: 'A flagged reply stands',
  rejectedCreatorBody: 'We reviewed the flag on your reply; the earning is yours.',
  refundMailSubject: 'Your payment was refunded',
} as const;

/** What a fan reads about money coming back (spec §4: a released hold and a refund differ). */
export const RETURN_NOTES = {
  released:
    'The hold on your card was released: you were never charged. It disappears from your statement, usually within a few days depending on your bank.',
  refunded: 'The charge was refunded to your card. Refunds usually appear on your statement within 5–10 business days.',
  refund_pending: 'The refund is on its way to your card; the card network has not confirmed it yet.',
  refund_failed:
    'The refund to your card did not go through. We have been alerted and will give the money back another way.',
} as const;

export const BROWSE_SORT_LABELS: Record<TBrowseSort, string> = {
  response_rate_desc: 'Highest Response Rate',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  recent: 'Recently Active',
  new: 'Newest Creators',
};

export const DECLINE_REASON_LABELS: Record<TDeclineReason, string> = {
  outside_expertise: 'Outside my expertise',
  cannot_answer_well: "I can't give a good answer to this",
  inappropriate: 'Inappropriate request',
  too_personal: 'Too personal to answer here',
  other: 'Another reason',
};

/** Who gets the kind: the notifications tabs show a creator's kinds to creators only. */
export const EMAIL_KIND_COPY: Record<TEmailKind, { label: string; hint: string; audience: 'creator' | 'fan' }> = {
  'new-message': { label: 'New paid messages', hint: 'When a fan pays to message you.', audience: 'creator' },
  'payout-status': {
    label: 'Payout updates',
    hint: 'When a payout reaches your bank or is refused.',
    audience: 'creator',
  },
  'message-reminder': {
    label: 'Deadline reminder emails',
    hint: 'When a paid message is close to its reply deadline (the bell reminder has its own switch).',
    audience: 'creator',
  },
  'message-reply': { label: 'Replies', hint: 'When a creator replies or sends a follow-up.', audience: 'fan' },
  'message-refund': {
    label: 'Refunds and released holds',
    hint: "When a creator doesn't reply in time and your money comes back.",
    audience: 'fan',
  },
};

export const SETTING_DESCRIPTIONS: Record<TSettingKey, string> = {
  default_message_price: 'Price in dollars a new profile starts with',
  min_message_price: 'Lowest price in dollars a creator may set',
  max_message_price: 'Highest price in dollars a creator may set',
  commission_rate: 'Platform fee in percent of each new paid message',
  message_expiration_hours: 'Hours a creator has to reply before the fan gets the money back',
  maintenance_mode: 'Show a maintenance banner and refuse new checkouts',
  new_user_registration: 'Allow new accounts to sign up',
  auto_moderation: 'Flag new messages that match the blocklist into the moderation queue',
  require_creator_verification: 'Only verified creators can receive paid messages',
  email_notifications: 'Send product emails (new messages and replies)',
  system_alerts: 'Email admins about payment-provider failures and stuck payments',
};

/** Issue #13 blocked senders. */
export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself.',
  notFound: 'There is no such account.',
  creatorsOnly: 'Only creators can block senders.',
} as const;
