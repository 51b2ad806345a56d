import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error';
import { SiteLayout } from '../components/layout/site-layout';
import { paths } from '../paths';

// Signed-in only (the header mounts it for a user), so guests on / never download the bell.
const HeaderActions = lazy(() => import('./routes/header-actions').then((m) => ({ default: m.HeaderActions })));

/**
 * A route's page, loaded as its own chunk (STYLE.md Web: routes are lazy-loaded). The module exports
 * `Component`. The router is React Router's declarative mode (`useRoutes` under a `BrowserRouter`,
 * whose navigations run in `startTransition`, so the page on screen stays until the next chunk is in):
 * the data router's loaders and actions were never used, and leaving them out keeps ~15 KB gzipped off
 * the landing page's first load (decision 0018).
 */
function page(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <SiteLayout
          headerActions={
            <Suspense fallback={null}>
              <HeaderActions />
            </Suspense>
          }
        />
      </RouteErrorBoundary>
    ),
    children: [
      { path: paths.home, element: page(() => import('../features/landing/landing-page')) },
      { path: paths.support, element: page(() => import('../features/support/support-page')) },
      { path: paths.creators, element: page(() => import('../features/discover/discover-page')) },
      { path: paths.search, element: page(() => import('../features/find-creators/find-creators-page')) },
      { path: paths.login, element: page(() => import('../features/auth/login-page')) },
      { path: paths.signup, element: page(() => import('./routes/signup')) },
      { path: paths.confirmEmail, element: page(() => import('../features/auth/confirm-email-page')) },
      { path: paths.forgotPassword, element: page(() => import('../features/auth/forgot-password-page')) },
      { path: paths.resetPassword, element: page(() => import('../features/auth/reset-password-page')) },
      { path: paths.threadsCallback, element: page(() => import('../features/verification/threads-callback-page')) },
      { path: paths.testThreads, element: page(() => import('../features/verification/test-threads-page')) },
      {
        // spec §2: the creator dashboard is guarded (sign-in, then creators only).
        path: paths.dashboard,
        element: page(() => import('./routes/dashboard-layout')),
        children: [
          { index: true, element: <Navigate to={paths.dashboardMessages} replace /> },
          { path: paths.dashboardMessages, element: page(() => import('../features/creator-dashboard/inbox-page')) },
          {
            path: paths.dashboardMessage,
            element: page(() => import('../features/creator-dashboard/conversation-page')),
          },
          { path: paths.dashboardEarnings, element: page(() => import('../features/earnings/earnings-page')) },
          { path: paths.dashboardSettings, element: page(() => import('./routes/dashboard-settings')) },
          {
            path: paths.dashboardPayoutOnboarding,
            element: page(() => import('../features/creator-settings/payout-onboarding-page')),
          },
        ],
      },
      { path: paths.senderDashboard, element: page(() => import('../features/fans/sender-dashboard-page')) },
      { path: paths.billing, element: page(() => import('../features/fans/billing-page')) },
      { path: paths.profile, element: page(() => import('../features/account/account-page')) },
      { path: paths.messages, element: page(() => import('./routes/messages')) },
      { path: paths.message, element: page(() => import('./routes/message')) },
      { path: paths.paymentSuccess, element: page(() => import('../features/messaging/payment-success-page')) },
      { path: paths.checkout, element: page(() => import('../features/messaging/checkout-page')) },
      { path: paths.creatorProfile, element: page(() => import('./routes/creator-profile')) },
      { path: '*', element: page(() => import('./routes/not-found')) },
    ],
  },
  // The admin portal has its own layout (spec §2 Admin portal), outside the site's header and footer.
  {
    path: paths.adminLogin,
    element: <RouteErrorBoundary>{page(() => import('../features/admin/admin-login-page'))}</RouteErrorBoundary>,
  },
  {
    path: paths.admin,
    element: <RouteErrorBoundary>{page(() => import('./routes/admin-layout'))}</RouteErrorBoundary>,
    children: [
      // spec §2: /admin/dashboard is the default of /admin/*.
      { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
      {
        path: paths.adminDashboard,
        element: page(() => import('../features/admin/dashboard-page')),
      },
      {
        path: paths.adminUsers,
        element: page(() => import('../features/admin/users-page')),
      },
      {
        path: paths.adminMessages,
        element: page(() => import('../features/admin/messages-page')),
      },
      {
        path: paths.adminTransactions,
        element: page(() => import('../features/admin/transactions-page')),
      },
      {
        path: paths.adminModeration,
        element: page(() => import('../features/admin/moderation-page')),
      },
      {
        path: paths.adminSettings,
        element: page(() => import('../features/admin/settings-page')),
      },
      {
        path: paths.adminSupport,
        element: page(() => import('../features/admin/support-page')),
      },
      { path: '*', element: <Navigate to={paths.adminDashboard} replace /> },
    ],
  },
];

/** The app's routes, rendered under the `BrowserRouter` in main.tsx. */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
