import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { SiteLayout } from '../components/layout/site-layout';
import { paths } from '../paths';

/** A route not built yet: the real layout with a clear "Coming soon" heading. */
const soon = (title: string) => ({
  handle: { title },
  lazy: () => import('./routes/coming-soon'),
});

// Every route is its own chunk (STYLE.md Web: routes are lazy-loaded).
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, lazy: () => import('../features/landing/landing-page') },
      { path: paths.support, lazy: () => import('../features/support/support-page') },
      { path: paths.creators, ...soon('Discover Creators') },
      { path: paths.search, ...soon('Find Creators') },
      { path: paths.login, ...soon('Sign In') },
      { path: paths.signup, ...soon('Create your account') },
      { path: paths.threadsCallback, ...soon('Threads verification') },
      { path: paths.testThreads, ...soon('Threads integration test') },
      { path: paths.dashboard, element: <Navigate to={paths.dashboardMessages} replace /> },
      { path: paths.dashboardMessages, ...soon('Messages') },
      { path: paths.dashboardMessage, ...soon('Conversation') },
      { path: paths.dashboardEarnings, ...soon('Earnings') },
      { path: paths.dashboardSettings, ...soon('Creator Settings') },
      { path: paths.senderDashboard, ...soon('Your Dashboard') },
      { path: paths.billing, ...soon('Billing') },
      { path: paths.profile, ...soon('Edit Profile') },
      { path: paths.messages, ...soon('Messages') },
      { path: paths.message, ...soon('Conversation') },
      { path: paths.paymentSuccess, ...soon('Payment successful') },
      { path: paths.adminLogin, ...soon('Admin Login') },
      { path: paths.adminDashboard, ...soon('Admin Dashboard') },
      { path: paths.adminUsers, ...soon('Users & Creators') },
      { path: paths.adminMessages, ...soon('Messages') },
      { path: paths.adminTransactions, ...soon('Transactions') },
      { path: paths.adminModeration, ...soon('Content Moderation') },
      { path: paths.adminSettings, ...soon('Platform Settings') },
      // spec §2: /admin/dashboard is the default of /admin/*.
      { path: `${paths.admin}/*`, element: <Navigate to={paths.adminDashboard} replace /> },
      { path: paths.creatorProfile, ...soon('Creator profile') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const router = createBrowserRouter(routes);
