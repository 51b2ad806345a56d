import { Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error';
import { SiteLayout } from '../components/layout/site-layout';
import { lazyPart } from '../lib/lazy-part';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { paths } from '../paths';
import { page } from './lazy-page';

// Signed-in only (the header mounts it for a user), so guests on / never download the bell.
const HeaderActions = lazyPart(() => import('./routes/header-actions').then((m) => ({ default: m.HeaderActions })));

/**
 * Every page is its own chunk (`page`). The router is React Router's declarative mode (`useRoutes` under
 * a `BrowserRouter`, whose navigations run in `startTransition`, so the page on screen stays until the
 * next chunk is in): the data router's loaders and actions were never used, and leaving them out keeps
 * ~15 KB gzipped off the landing page's first load (decision 0018). The dashboard's and the admin
 * portal's pages are route tables of their own, mounted at /dashboard/* and /admin/*.
 */
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
      { path: paths.terms, element: page(() => import('../features/legal/terms-page')) },
      { path: paths.privacy, element: page(() => import('../features/legal/privacy-page')) },
      { path: paths.refundPolicy, element: page(() => import('../features/legal/refund-policy-page')) },
      { path: paths.threadsCallback, element: page(() => import('../features/verification/threads-callback-page')) },
      { path: paths.testThreads, element: page(() => import('../features/verification/test-threads-page')) },
      // spec §2: the creator dashboard is guarded (sign-in, then creators only). Its own route table is a
      // lazy chunk, like the admin portal's: their definitions stay out of the entry (issue 14).
      { path: `${paths.dashboard}/*`, element: page(() => import('./routes/dashboard-routes')) },
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
    path: `${paths.admin}/*`,
    element: <RouteErrorBoundary>{page(() => import('./routes/admin-routes'))}</RouteErrorBoundary>,
  },
];

/** The app's routes, rendered under the `BrowserRouter` in main.tsx. */
export function AppRoutes() {
  useScrollToTop();
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
