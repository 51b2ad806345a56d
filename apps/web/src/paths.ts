/** Every route of spec §2, with typed href builders. Routes reference these, never string literals. */
export const paths = {
  home: '/',
  creators: '/creators',
  search: '/search',
  support: '/support',
  login: '/login',
  signup: '/signup',
  threadsCallback: '/auth/threads/callback',
  testThreads: '/test-threads',
  dashboard: '/dashboard',
  dashboardMessages: '/dashboard/messages',
  dashboardMessage: '/dashboard/messages/:messageId',
  dashboardEarnings: '/dashboard/earnings',
  dashboardSettings: '/dashboard/settings',
  /** The built-in provider's simulated payout onboarding (ARCHITECTURE §2); Stripe's own pages otherwise. */
  dashboardPayoutOnboarding: '/dashboard/settings/payout-onboarding',
  senderDashboard: '/sender-dashboard',
  billing: '/billing',
  profile: '/profile',
  messages: '/messages',
  message: '/messages/:messageId',
  paymentSuccess: '/payment-success',
  /** The local provider's test checkout (ARCHITECTURE §2); POST /api/checkout sends the browser here. */
  checkout: '/checkout/:paymentId',
  creatorProfile: '/:username',
  admin: '/admin',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminUsers: '/admin/users',
  adminMessages: '/admin/messages',
  adminTransactions: '/admin/transactions',
  adminModeration: '/admin/moderation',
  adminSettings: '/admin/settings',
  adminSupport: '/admin/support',
  adminAudit: '/admin/audit',
  adminStuckJobs: '/admin/stuck-jobs',
  adminDisputes: '/admin/disputes',
  adminSystem: '/admin/system',
  // Account pages the spec's users expect (issue "Accounts"): mail links land on these.
  confirmEmail: '/auth/confirm',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  // Issue 36: the legal pages a paying customer expects (server-rendered, decision 0020).
  terms: '/terms',
  privacy: '/privacy',
  refundPolicy: '/refund-policy',
} as const;

export const href = {
  creators: (params?: Record<string, string>) =>
    params && Object.keys(params).length ? `${paths.creators}?${new URLSearchParams(params)}` : paths.creators,
  search: (q?: string) => (q ? `${paths.search}?${new URLSearchParams({ q })}` : paths.search),
  /** /login, with the page to return to after signing in (kept by guards). */
  login: (returnTo?: string) =>
    returnTo && returnTo !== '/' ? `${paths.login}?${new URLSearchParams({ returnTo })}` : paths.login,
  signup: (type?: 'creator' | 'customer') => (type ? `${paths.signup}?type=${type}` : paths.signup),
  creatorProfile: (username: string) => `/${encodeURIComponent(username)}`,
  message: (messageId: string) => `/messages/${encodeURIComponent(messageId)}`,
  dashboardMessage: (messageId: string) => `/dashboard/messages/${encodeURIComponent(messageId)}`,
  checkout: (paymentId: string) => `/checkout/${encodeURIComponent(paymentId)}`,
  /** Issue 36 §3: the page looks the payment up by its id; it shows nothing the URL merely says. */
  paymentSuccess: (paymentId: string) => `${paths.paymentSuccess}?${new URLSearchParams({ payment: paymentId })}`,
};

export const SUPPORT_EMAIL = 'support@fanline.app';
