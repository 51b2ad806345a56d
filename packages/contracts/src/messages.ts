// The product's own words (spec §5 and §8), shared so the server and the web app say the same thing.
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please check your credentials.',
  emailNotConfirmed: 'Please check your email and confirm your account before signing in.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  signInFailed: 'Invalid email or password. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  missingCredentials: 'Please enter both email and password.',
  adminOnly: 'Access denied. Admin privileges required.',
  emailTaken: 'An account with this email already exists. Please try signing in instead.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  usernameTakenServer: 'This username is already taken. Please choose a different username.',
  usernameTakenForm: 'This username is already taken. Please choose a different one.',
  signUpFailed: 'Failed to create account. Please try again.',
  requiredFields: 'Please fill in all required fields.',
  passwordMismatch: 'Passwords do not match.',
  usernameTakenHint: 'Username is already taken',
  usernameAvailableHint: 'Username is available',
} as const;

export const VERIFICATION_MESSAGES = {
  verifyFailed: 'Failed to verify your Threads account. Please try again.',
  skipFailed: 'Failed to create creator profile. Please try again.',
  oauthRequired: 'OAuth verification required',
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
  failed: 'Upload failed',
  unreadable: 'The upload could not be read. Please try again.',
  notAuthenticated: 'User not authenticated',
} as const;

export const PROFILE_MESSAGES = {
  saved: 'Profile updated',
  saveFailed: 'Failed to update profile',
  emailReadOnly: 'Email cannot be changed here',
} as const;
