import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { SiteLayout } from '../components/layout/site-layout';
import { paths } from '../paths';

/** A route not built yet: the real layout with a clear "Coming soon" heading. */
const soon =
  (title: string): RouteObject['lazy'] =>
  async () => {
    const { ComingSoon } = await import('./routes/coming-soon');
    return { Component: () => <ComingSoon title={title} /> };
  };

// Every route is its own chunk (STYLE.md Web: routes are lazy-loaded).
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, lazy: () => import('../features/landing/landing-page') },
      { path: paths.support, lazy: () => import('../features/support/support-page') },
      { path: paths.creators, lazy: soon('Discover Creators') },
      { path: paths.search, lazy: soon('Find Creators') },
      { path: paths.login, lazy: soon('Sign In') },
      { path: paths.signup, lazy: soon('Create your account') },
      { path: paths.threadsCallback, lazy: soon('Threads verification') },
      { path: paths.testThreads, lazy: soon('Threads integration test') },
      { path: paths.dashboard, element: <Navigate to={paths.dashboardMessages} replace /> },
      { path: paths.dashboardMessages, lazy: soon('Messages') },
      { path: paths.dashboardMessage, lazy: soon('Conversation') },
      { path: paths.dashboardEarnings, lazy: soon('Earnings') },
      { path: paths.dashboardSettings, lazy: soon('Creator Settings') },
      { path: paths.senderDashboard, lazy: soon('Your Dashboard') },
      { path: paths.billing, lazy: soon('Billing') },
      { path: paths.profile, lazy: soon('Edit Profile') },
      { path: paths.messages, lazy: soon('Messages') },
      { path: paths.message, lazy: soon('Conversation') },
      { path: paths.paymentSuccess, lazy: soon('Payment successful') },
      { path: paths.adminLogin, lazy: soon('Admin Login') },
      { path: paths.adminDashboard, lazy: soon('Admin Dashboard') },
      { path: paths.adminUsers, lazy: soon('Users & Creators') },
      { path: paths.adminMessages, lazy: soon('Messages') },
      { path: paths.adminTransactions, lazy: soon('Transactions') },
      { path: paths.adminModeration, lazy: soon('Content Moderation') },
      { path: paths.adminSettings, lazy: soon('Platform Settings') },
      // spec §2: /admin/dashboard is the default of /admin/*.
      { path: `${paths.admin}/*`, element: <Navigate to={paths.adminDashboard} replace /> },
      { path: paths.creatorProfile, lazy: soon('Creator profile') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const router = createBrowserRouter(routes);
