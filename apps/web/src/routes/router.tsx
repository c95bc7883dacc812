import { isValidElement, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { isLazyPage, lazyPage } from '../lib/lazy-page';
import { linePath, paths } from '../lib/paths';

export { requestFirstPageData } from './first-page-data';

// Every page but sign-in (routes/app-routes.tsx), loaded as one table once the address is another
// page's. Pages load on first visit, so signing in doesn't download the grids, charts and editors,
// nor the signed-in shell (navigation, header popovers).
const DashboardShell = lazyPage(() => import('./dashboard-shell'), 'DashboardShell', { texts: 'shell' });
const SignUpPage = lazyPage(() => import('../features/auth/pages/sign-up-page'), 'SignUpPage');
const CallbackPage = lazyPage(() => import('../features/auth/pages/callback-page'), 'CallbackPage');
const TwoFactorSignInPage = lazyPage(
  () => import('../features/account-security/pages/two-factor-sign-in-page'),
  'TwoFactorSignInPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/account-security/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/account-security/pages/reset-password-page'),
  'ResetPasswordPage',
);
// The guards only ever show inside the shell, so they load with it rather than with the sign-in page.
const AdminGuard = lazyPage(() => import('../features/auth/components/admin-guard'), 'AdminGuard');
const LinesGuard = lazyPage(() => import('../features/lines/components/lines-guard'), 'LinesGuard');
const CreateMessageGuard = lazyPage(
  () => import('../features/messages/components/create-message-guard'),
  'CreateMessageGuard',
);
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/not-found-page'), 'NotFoundPage');
const DashboardHomePage = lazyPage(
  () => import('../features/dashboard/pages/dashboard-home-page'),
  'DashboardHomePage',
  { texts: 'shell' },
);
const ActivationCodesPage = lazyPage(
  () => import('../features/activation-codes/pages/activation-codes-page'),
  'ActivationCodesPage',
);
const AddLinePage = lazyPage(() => import('../features/lines/pages/add-line-page'), 'AddLinePage');
const ImportLinesPage = lazyPage(
  () => import('../features/lines/pages/import-lines-page'),
  'ImportLinesPage',
);
const EditLinePage = lazyPage(() => import('../features/lines/pages/edit-line-page'), 'EditLinePage');
const LinesListPage = lazyPage(() => import('../features/lines/pages/lines-list-page'), 'LinesListPage');
const ManageGroupsPage = lazyPage(
  () => import('../features/groups/pages/manage-groups-page'),
  'ManageGroupsPage',
);
const AnnouncementsPage = lazyPage(
  () => import('../features/messages/pages/announcements-page'),
  'AnnouncementsPage',
);
const CreateMessagePage = lazyPage(
  () => import('../features/messages/pages/create-message-page'),
  'CreateMessagePage',
);
const MessagesPage = lazyPage(() => import('../features/messages/pages/messages-page'), 'MessagesPage');
const AddServerPage = lazyPage(() => import('../features/servers/pages/add-server-page'), 'AddServerPage');
const CheckServersPage = lazyPage(
  () => import('../features/servers/pages/check-servers-page'),
  'CheckServersPage',
);
const ManageServersPage = lazyPage(
  () => import('../features/servers/pages/manage-servers-page'),
  'ManageServersPage',
);
const AdoptAccountsPage = lazyPage(
  () => import('../features/line-adoption/pages/adopt-accounts-page'),
  'AdoptAccountsPage',
);
const TestApiPage = lazyPage(() => import('../features/servers/pages/test-api-page'), 'TestApiPage');
const MyAccountPage = lazyPage(() => import('../features/settings/pages/my-account-page'), 'MyAccountPage');
const PanelSettingsPage = lazyPage(
  () => import('../features/settings/pages/panel-settings-page'),
  'PanelSettingsPage',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/pages/notifications-page'),
  'NotificationsPage',
);
const OutagesPage = lazyPage(() => import('../features/system-status/pages/outages-page'), 'OutagesPage');
const SystemStatusPage = lazyPage(
  () => import('../features/system-status/pages/system-status-page'),
  'SystemStatusPage',
);
const AuditLogPage = lazyPage(() => import('../features/audit/pages/audit-log-page'), 'AuditLogPage');
const ReportsPage = lazyPage(() => import('../features/reports/pages/reports-page'), 'ReportsPage');
const LinePlansPage = lazyPage(() => import('../features/line-plans/pages/line-plans-page'), 'LinePlansPage');
const PricingPage = lazyPage(() => import('../features/credits/pages/pricing-page'), 'PricingPage');
const PaymentsPage = lazyPage(() => import('../features/credits/pages/payments-page'), 'PaymentsPage');
const PaymentReturnPage = lazyPage(
  () => import('../features/credits/pages/payment-return-page'),
  'PaymentReturnPage',
);
const TopUpReceiptPage = lazyPage(
  () => import('../features/credits/pages/topup-receipt-page'),
  'TopUpReceiptPage',
);
const ProductsPage = lazyPage(() => import('../features/credits/pages/products-page'), 'ProductsPage');
const RedeemCodePage = lazyPage(() => import('../features/credits/pages/redeem-code-page'), 'RedeemCodePage');
const ResellersPage = lazyPage(() => import('../features/resellers/pages/resellers-page'), 'ResellersPage');
const SetPasswordPage = lazyPage(
  () => import('../features/resellers/pages/set-password-page'),
  'SetPasswordPage',
);
const UserPage = lazyPage(() => import('../features/resellers/pages/user-page'), 'UserPage');
const ContactPage = lazyPage(() => import('../features/support/pages/contact-page'), 'ContactPage');
const KbArticlePage = lazyPage(() => import('../features/support/pages/kb-article-page'), 'KbArticlePage');
const KnowledgeBasePage = lazyPage(
  () => import('../features/support/pages/knowledge-base-page'),
  'KnowledgeBasePage',
);
const NewTicketPage = lazyPage(() => import('../features/support/pages/new-ticket-page'), 'NewTicketPage');
const TicketDetailPage = lazyPage(
  () => import('../features/support/pages/ticket-detail-page'),
  'TicketDetailPage',
);
const TicketSetupPage = lazyPage(
  () => import('../features/support/pages/ticket-setup-page'),
  'TicketSetupPage',
);
const TicketsPage = lazyPage(() => import('../features/support/pages/tickets-page'), 'TicketsPage');

// Declarative routing (`useRoutes` under `BrowserRouter`): the app uses no loaders or actions, and the
// data router's code would be about half of react-router's download. The pages render inside
// app-routes.tsx's root layout (scroll to top, loading screen).
const routes: RouteObject[] = [
  {
    children: [
      { path: paths.signUp, element: <SignUpPage /> },
      { path: paths.callback, element: <CallbackPage /> },
      { path: paths.signInTwoFactor, element: <TwoFactorSignInPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.setPassword, element: <SetPasswordPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      // The customer portal (/my) is a page of its own (portal.html, src/portal/): the server sends
      // it for /my and /my/*, so the panel's router never sees those addresses.
      {
        element: <DashboardShell preloadAddress={preloadAddress} />,
        children: [
          { index: true, element: <DashboardHomePage /> },
          // The profile page of old is a part of My account now; its address (in mails, bookmarks)
          // opens that part.
          { path: paths.profileEdit, element: <Navigate to={`${paths.settingsAccount}#profile`} replace /> },
          // The one settings page of old, now mine and the panel's: its address opens mine.
          { path: paths.settings, element: <Navigate to={paths.settingsAccount} replace /> },
          { path: paths.settingsAccount, element: <MyAccountPage /> },
          { path: paths.settingsPanel, element: <PanelSettingsPage /> },
          { path: paths.notifications, element: <NotificationsPage /> },
          {
            path: paths.lines,
            element: (
              <LinesGuard>
                <Outlet />
              </LinesGuard>
            ),
            children: [
              { index: true, element: <Navigate to={paths.linesAll} replace /> },
              { path: paths.linesAll, element: <LinesListPage /> },
              { path: paths.linesAdd, element: <AddLinePage /> },
              {
                path: paths.linesImport,
                element: (
                  <AdminGuard>
                    <ImportLinesPage />
                  </AdminGuard>
                ),
              },
              { path: paths.activationCodes, element: <ActivationCodesPage /> },
              {
                path: paths.linePlans,
                element: (
                  <AdminGuard>
                    <LinePlansPage />
                  </AdminGuard>
                ),
              },
              { path: paths.lineEdit, element: <EditLinePage /> },
            ],
          },
          {
            path: paths.manageGroups,
            element: (
              <AdminGuard>
                <ManageGroupsPage />
              </AdminGuard>
            ),
          },
          { path: '/groups', element: <Navigate to={paths.manageGroups} replace /> },
          {
            path: paths.resellers,
            element: (
              <AdminGuard>
                <ResellersPage />
              </AdminGuard>
            ),
          },
          { path: paths.user, element: <UserPage /> },
          { path: paths.products, element: <ProductsPage /> },
          { path: paths.redeemCode, element: <RedeemCodePage /> },
          { path: paths.payments, element: <PaymentsPage /> },
          { path: paths.pricing, element: <PricingPage /> },
          { path: paths.paymentReturn, element: <PaymentReturnPage /> },
          { path: paths.topUpReceipt, element: <TopUpReceiptPage /> },
          { path: '/groups/manage', element: <Navigate to={paths.manageGroups} replace /> },
          {
            path: paths.cccamServers,
            element: (
              <AdminGuard staffOperation="GET /api/servers">
                <Outlet />
              </AdminGuard>
            ),
            children: [
              { index: true, element: <Navigate to={paths.serversManage} replace /> },
              { path: paths.serversManage, element: <ManageServersPage /> },
              { path: paths.serversAdd, element: <AddServerPage /> },
              { path: paths.serversCheck, element: <CheckServersPage /> },
              { path: paths.serversTestApi, element: <TestApiPage /> },
              { path: paths.serverAdopt, element: <AdoptAccountsPage /> },
            ],
          },
          {
            path: paths.systemStatus,
            element: (
              <AdminGuard>
                <SystemStatusPage />
              </AdminGuard>
            ),
          },
          // The spec's backend connection test keeps its address; the menu calls it System status.
          {
            path: paths.supabaseTest,
            element: (
              <AdminGuard>
                <SystemStatusPage />
              </AdminGuard>
            ),
          },
          // Not admin-only: resellers see their sub-accounts' entries, and the server refuses anyone else.
          { path: paths.auditLog, element: <AuditLogPage /> },
          // Admins and resellers: the server answers each with the trees they may see.
          { path: paths.reports, element: <ReportsPage /> },
          // Those who sell lines: the server lists each the outages of their own lines.
          { path: paths.outages, element: <OutagesPage /> },
          { path: paths.support, element: <Navigate to={paths.tickets} replace /> },
          { path: paths.supportTickets, element: <TicketsPage /> },
          { path: paths.tickets, element: <TicketsPage /> },
          { path: paths.ticketsNew, element: <NewTicketPage /> },
          {
            path: paths.ticketsSetup,
            element: (
              <AdminGuard>
                <TicketSetupPage />
              </AdminGuard>
            ),
          },
          { path: `${paths.tickets}/:id`, element: <TicketDetailPage /> },
          { path: paths.knowledgeBase, element: <KnowledgeBasePage /> },
          { path: `${paths.knowledgeBase}/:id`, element: <KbArticlePage /> },
          { path: paths.contactUs, element: <ContactPage variant="contact-us" /> },
          { path: paths.contact, element: <ContactPage variant="quick" /> },
          { path: paths.messages, element: <MessagesPage /> },
          {
            path: paths.messagesCreate,
            element: (
              <CreateMessageGuard>
                <CreateMessagePage />
              </CreateMessageGuard>
            ),
          },
          { path: paths.blog, element: <AnnouncementsPage /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

/** Starts the downloads of every lazily loaded page and guard in an element (and its children). */
function preloadPages(node: ReactNode, downloads: Promise<unknown>[]) {
  if (!isValidElement<{ children?: ReactNode }>(node)) return;
  if (isLazyPage(node.type)) downloads.push(node.type.preload());
  const { children } = node.props;
  if (Array.isArray(children)) children.forEach((child) => preloadPages(child, downloads));
  else preloadPages(children, downloads);
}

// Matching an address ranks the whole route table, which every render of the routes would otherwise
// do once more for this: an address's downloads are started once (again after one failed).
const preloadedAddresses = new Map<string, Promise<unknown>>();

/** Starts the downloads of every page, layout and guard an address shows; settles when they are in. */
export function preloadAddress(location: { pathname: string }): Promise<unknown> {
  const { pathname } = location;
  let preloading = preloadedAddresses.get(pathname);
  if (!preloading) {
    const downloads: Promise<unknown>[] = [];
    for (const match of matchRoutes(routes, { pathname }) ?? []) preloadPages(match.route.element, downloads);
    preloading = Promise.all(downloads);
    preloading.catch(() => preloadedAddresses.delete(pathname));
    preloadedAddresses.set(pathname, preloading);
  }
  return preloading;
}

/**
 * The page a page is most often left for, by its address: downloaded once the browser is idle after the
 * first has shown, so following the link does not wait for its code. From the lines list, a line's page.
 */
const nextPages = new Map<string, string>([[paths.linesAll, linePath(1)]]);

function usePreloadNextPage(pathname: string) {
  useEffect(() => {
    const next = nextPages.get(pathname);
    if (!next) return;
    const preload = () => void preloadAddress({ pathname: next }).catch(() => undefined);
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preload, 1000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preload, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, [pathname]);
}

export function PageRoutes() {
  const location = useLocation();
  // The shell, the page and their texts download side by side instead of one after the other (each
  // lazy component would start its own download only once its parent has rendered).
  void preloadAddress(location).catch(() => undefined);
  usePreloadNextPage(location.pathname);
  return useRoutes(routes);
}
