import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { paths } from '../../paths';
import { below, page } from '../lazy-page';
import { Component as DashboardLayout } from './dashboard-layout';

const sub = (full: string) => below(paths.dashboard, full);

// The creator dashboard's pages, in this chunk rather than the entry's route table (issue 14 landing
// budget): the router mounts it at /dashboard/*, so the paths here are relative to /dashboard.
const routes: RouteObject[] = [
  {
    // spec §2: the creator dashboard is guarded (sign-in, then creators only).
    element: <DashboardLayout />,
    children: [
      { index: true, element: <Navigate to={paths.dashboardMessages} replace /> },
      {
        path: sub(paths.dashboardMessages),
        element: page(() => import('../../features/creator-dashboard/inbox-page')),
      },
      {
        path: sub(paths.dashboardMessage),
        element: page(() => import('../../features/creator-dashboard/conversation-page')),
      },
      { path: sub(paths.dashboardEarnings), element: page(() => import('../../features/earnings/earnings-page')) },
      { path: sub(paths.dashboardSettings), element: page(() => import('./dashboard-settings')) },
      {
        path: sub(paths.dashboardPayoutOnboarding),
        element: page(() => import('../../features/creator-settings/payout-onboarding-page')),
      },
    ],
  },
  // Any other /dashboard/… path: the site's not-found page, as before the table moved here.
  { path: '*', element: page(() => import('./not-found')) },
];

/** /dashboard/*: the dashboard's route table (lazy-loaded by the router, hence `Component`). */
export function Component() {
  return useRoutes(routes);
}
