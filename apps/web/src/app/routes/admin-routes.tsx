import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { paths } from '../../paths';
import { below, page } from '../lazy-page';
import { Component as AdminLayout } from './admin-layout';

const sub = (full: string) => below(paths.admin, full);

// The admin portal's pages, in this chunk rather than the entry's route table (issue 14 landing
// budget): the router mounts it at /admin/*, so the paths here are relative to /admin.
const routes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      // spec §2: /admin/dashboard is the default of /admin/*.
      { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
      { path: sub(paths.adminDashboard), element: page(() => import('../../features/admin/dashboard-page')) },
      { path: sub(paths.adminUsers), element: page(() => import('../../features/admin/users-page')) },
      { path: sub(paths.adminMessages), element: page(() => import('../../features/admin/messages-page')) },
      { path: sub(paths.adminTransactions), element: page(() => import('../../features/admin/transactions-page')) },
      { path: sub(paths.adminModeration), element: page(() => import('../../features/admin/moderation-page')) },
      { path: sub(paths.adminSettings), element: page(() => import('../../features/admin/settings-page')) },
      { path: sub(paths.adminSupport), element: page(() => import('../../features/admin/support-page')) },
      { path: sub(paths.adminAudit), element: page(() => import('../../features/admin/audit-page')) },
      { path: sub(paths.adminStuckJobs), element: page(() => import('../../features/admin/stuck-jobs-page')) },
      { path: sub(paths.adminDisputes), element: page(() => import('../../features/admin/disputes-page')) },
      { path: sub(paths.adminSystem), element: page(() => import('../../features/admin/system-page')) },
      { path: '*', element: <Navigate to={paths.adminDashboard} replace /> },
    ],
  },
];

/** /admin/*: the admin portal's route table (lazy-loaded by the router, hence `Component`). */
export function Component() {
  return useRoutes(routes);
}
