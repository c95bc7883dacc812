import { Navigate, Outlet, createBrowserRouter } from 'react-router';
import { ScrollToTop } from '../components/scroll-to-top';
import { ProfileEditPage } from '../features/account/pages/profile-edit-page';
import { AdminGuard } from '../features/auth/components/admin-guard';
import { CallbackPage } from '../features/auth/pages/callback-page';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { SignUpPage } from '../features/auth/pages/sign-up-page';
import { DashboardHomePage } from '../features/dashboard/pages/dashboard-home-page';
import { ManageGroupsPage } from '../features/groups/pages/manage-groups-page';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { AddServerPage } from '../features/servers/pages/add-server-page';
import { CheckServersPage } from '../features/servers/pages/check-servers-page';
import { ManageServersPage } from '../features/servers/pages/manage-servers-page';
import { TestApiPage } from '../features/servers/pages/test-api-page';
import { SettingsPage } from '../features/settings/pages/settings-page';
import { DashboardShell } from './dashboard-shell';
import { paths } from './paths';

function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: paths.signIn, element: <SignInPage /> },
      { path: paths.signUp, element: <SignUpPage /> },
      { path: paths.callback, element: <CallbackPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      {
        element: <DashboardShell />,
        children: [
          { index: true, element: <DashboardHomePage /> },
          { path: paths.profileEdit, element: <ProfileEditPage /> },
          { path: paths.settings, element: <SettingsPage /> },
          {
            path: paths.manageGroups,
            element: (
              <AdminGuard>
                <ManageGroupsPage />
              </AdminGuard>
            ),
          },
          { path: '/groups', element: <Navigate to={paths.manageGroups} replace /> },
          { path: '/groups/manage', element: <Navigate to={paths.manageGroups} replace /> },
          {
            path: paths.cccamServers,
            element: (
              <AdminGuard>
                <Outlet />
              </AdminGuard>
            ),
            children: [
              { index: true, element: <Navigate to={paths.serversManage} replace /> },
              { path: paths.serversManage, element: <ManageServersPage /> },
              { path: paths.serversAdd, element: <AddServerPage /> },
              { path: paths.serversCheck, element: <CheckServersPage /> },
              { path: paths.serversTestApi, element: <TestApiPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
]);
