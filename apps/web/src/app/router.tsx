import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { SiteLayout } from '../components/layout/site-layout';
import { paths } from '../paths';

// Signed-in only (the header mounts it for a user), so guests on / never download the bell.
const HeaderActions = lazy(() => import('./routes/header-actions').then((m) => ({ default: m.HeaderActions })));

// Every route is its own chunk (STYLE.md Web: routes are lazy-loaded).
export const routes: RouteObject[] = [
  {
    element: (
      <SiteLayout
        headerActions={
          <Suspense fallback={null}>
            <HeaderActions />
          </Suspense>
        }
      />
    ),
    errorElement: <RouteError />,
    children: [
      { path: paths.home, lazy: () => import('../features/landing/landing-page') },
      { path: paths.support, lazy: () => import('../features/support/support-page') },
      { path: paths.creators, lazy: () => import('../features/discover/discover-page') },
      { path: paths.search, lazy: () => import('../features/find-creators/find-creators-page') },
      { path: paths.login, lazy: () => import('../features/auth/login-page') },
      { path: paths.signup, lazy: () => import('./routes/signup') },
      { path: paths.confirmEmail, lazy: () => import('../features/auth/confirm-email-page') },
      { path: paths.forgotPassword, lazy: () => import('../features/auth/forgot-password-page') },
      { path: paths.resetPassword, lazy: () => import('../features/auth/reset-password-page') },
      { path: paths.threadsCallback, lazy: () => import('../features/verification/threads-callback-page') },
      { path: paths.testThreads, lazy: () => import('../features/verification/test-threads-page') },
      {
        // spec §2: the creator dashboard is guarded (sign-in, then creators only).
        path: paths.dashboard,
        lazy: () => import('./routes/dashboard-layout'),
        children: [
          { index: true, element: <Navigate to={paths.dashboardMessages} replace /> },
          { path: paths.dashboardMessages, lazy: () => import('../features/creator-dashboard/inbox-page') },
          { path: paths.dashboardMessage, lazy: () => import('../features/creator-dashboard/conversation-page') },
          { path: paths.dashboardEarnings, lazy: () => import('../features/earnings/earnings-page') },
          { path: paths.dashboardSettings, lazy: () => import('./routes/dashboard-settings') },
          {
            path: paths.dashboardPayoutOnboarding,
            lazy: () => import('../features/creator-settings/payout-onboarding-page'),
          },
        ],
      },
      { path: paths.senderDashboard, lazy: () => import('../features/fans/sender-dashboard-page') },
      { path: paths.billing, lazy: () => import('../features/fans/billing-page') },
      { path: paths.profile, lazy: () => import('../features/account/account-page') },
      { path: paths.messages, lazy: () => import('./routes/messages') },
      { path: paths.message, lazy: () => import('./routes/message') },
      { path: paths.paymentSuccess, lazy: () => import('../features/messaging/payment-success-page') },
      { path: paths.checkout, lazy: () => import('../features/messaging/checkout-page') },
      { path: paths.creatorProfile, lazy: () => import('./routes/creator-profile') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
  // The admin portal has its own layout (spec §2 Admin portal), outside the site's header and footer.
  { path: paths.adminLogin, errorElement: <RouteError />, lazy: () => import('../features/admin/admin-login-page') },
  {
    path: paths.admin,
    errorElement: <RouteError />,
    lazy: () => import('./routes/admin-layout'),
    children: [
      // spec §2: /admin/dashboard is the default of /admin/*.
      { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
      {
        path: paths.adminDashboard,
        handle: { title: 'Dashboard' },
        lazy: () => import('../features/admin/dashboard-page'),
      },
      {
        path: paths.adminUsers,
        handle: { title: 'Users & Creators' },
        lazy: () => import('../features/admin/users-page'),
      },
      {
        path: paths.adminMessages,
        handle: { title: 'Messages' },
        lazy: () => import('../features/admin/messages-page'),
      },
      {
        path: paths.adminTransactions,
        handle: { title: 'Transactions' },
        lazy: () => import('../features/admin/transactions-page'),
      },
      {
        path: paths.adminModeration,
        handle: { title: 'Content Moderation' },
        lazy: () => import('../features/admin/moderation-page'),
      },
      {
        path: paths.adminSettings,
        handle: { title: 'Platform Settings' },
        lazy: () => import('../features/admin/settings-page'),
      },
      {
        path: paths.adminSupport,
        handle: { title: 'Support Inbox' },
        lazy: () => import('../features/admin/support-page'),
      },
      { path: '*', element: <Navigate to={paths.adminDashboard} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
