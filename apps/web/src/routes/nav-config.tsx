import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import ContactSupportOutlinedIcon from '@mui/icons-material/ContactSupportOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import SubscriptionsOutlinedIcon from '@mui/icons-material/SubscriptionsOutlined';
import { isAdminAccount, type Me, type Permission } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { NavGroup, NavItem } from '../layouts/dashboard/nav-types';
import { paths } from '../lib/paths';

type NavItemConfig = {
  /** A key under `nav.` in the locale files. */
  titleKey:
    | 'myProfile'
    | 'dashboard'
    | 'manageGroups'
    | 'cccamServers'
    | 'serversManage'
    | 'serversAdd'
    | 'serversCheck'
    | 'serversTestApi'
    | 'messages'
    | 'createMessage'
    | 'announcements'
    | 'lines'
    | 'linesAll'
    | 'linesAdd'
    | 'linesImport'
    | 'linePlans'
    | 'activationCodes'
    | 'tickets'
    | 'newTicket'
    | 'knowledgeBase'
    | 'contactUs'
    | 'manageResellers'
    | 'accountsOverview'
    | 'redeemCode'
    | 'pricing'
    | 'payments'
    | 'products'
    | 'systemStatus'
    | 'auditLog'
    | 'reports'
    | 'outages';
  path: string;
  icon?: ReactNode;
  adminOnly?: boolean;
  /** Not for admins, who find the same on a page of their own (outages: System status). */
  notForAdmins?: boolean;
  /** Shown only to accounts whose group grants it (admins hold every permission). */
  permission?: Permission;
  /**
   * The operation (`METHOD /path`) this page needs: a staff member whose `staff_operations` (from
   * GET /api/me, the server's rule) hold it sees the entry though it is an admin's or needs a
   * permission; under such an entry, only the children that name an operation it holds.
   */
  staffOperation?: string;
  /**
   * For an admin, the entry sits elsewhere (see `adminOrder`): at the end of Management, or in
   * Overview right after Lines.
   */
  adminSection?: 'management' | 'overview';
  /** Which live count (from `buildNavData`'s `badges`) this entry shows. */
  badge?: NavBadgeKey;
  children?: NavItemConfig[];
};

/** Counts the shell computes from live queries and passes to `buildNavData`. */
export type NavBadgeKey = 'messages' | 'tickets' | 'topups';
export type NavBadges = Partial<Record<NavBadgeKey, number>>;

type NavGroupConfig = {
  subheaderKey?: 'overview' | 'management' | 'support' | 'creditsSection';
  adminOnly?: boolean;
  items: NavItemConfig[];
};

/**
 * The side navigation as data. Later features append their pages here (lines, messages, tickets, servers);
 * `adminOnly` entries are removed for everyone else.
 */
export const navConfig: NavGroupConfig[] = [
  { items: [{ titleKey: 'myProfile', path: paths.settingsAccount, icon: <PersonOutlinedIcon /> }] },
  {
    subheaderKey: 'overview',
    items: [
      { titleKey: 'dashboard', path: paths.root, icon: <DashboardOutlinedIcon /> },
      {
        titleKey: 'lines',
        path: paths.lines,
        icon: <SubscriptionsOutlinedIcon />,
        permission: 'view_users',
        staffOperation: 'GET /api/lines',
        children: [
          { titleKey: 'linesAll', path: paths.linesAll, staffOperation: 'GET /api/lines' },
          { titleKey: 'linesAdd', path: paths.linesAdd },
          { titleKey: 'linesImport', path: paths.linesImport, adminOnly: true },
          { titleKey: 'activationCodes', path: paths.activationCodes },
          { titleKey: 'linePlans', path: paths.linePlans, adminOnly: true },
        ],
      },
      {
        titleKey: 'accountsOverview',
        path: paths.user,
        icon: <PeopleAltOutlinedIcon />,
        permission: 'add_credits',
      },
      // Those who sell lines: admins any tree, resellers their own (the server decides). For an admin
      // in Management, which keeps the support pages in sight at 900 px.
      {
        titleKey: 'reports',
        path: paths.reports,
        icon: <AssessmentOutlinedIcon />,
        permission: 'view_users',
        adminSection: 'management',
      },
      // The outages that touched a reseller's lines (the server scopes them).
      {
        titleKey: 'outages',
        path: paths.outages,
        icon: <ReportProblemOutlinedIcon />,
        permission: 'view_users',
        notForAdmins: true,
      },
      // Resellers too: the server shows them the entries about their own sub-accounts.
      {
        titleKey: 'auditLog',
        path: paths.auditLog,
        icon: <FactCheckOutlinedIcon />,
        permission: 'add_credits',
        adminSection: 'management',
      },
      { titleKey: 'messages', path: paths.messages, icon: <MailOutlinedIcon />, badge: 'messages' },
      // The spec's admin-only entry; in Management, where it no longer pushes the support pages below
      // the fold.
      {
        titleKey: 'createMessage',
        path: paths.messagesCreate,
        icon: <EditNoteOutlinedIcon />,
        adminOnly: true,
        staffOperation: 'POST /api/messages',
        adminSection: 'management',
      },
      {
        titleKey: 'announcements',
        path: paths.blog,
        icon: <CampaignOutlinedIcon />,
        adminSection: 'management',
      },
    ],
  },
  {
    subheaderKey: 'creditsSection',
    items: [
      // An admin makes codes rather than redeeming them, and rarely opens a ticket of their own: for
      // them these two sit in Management, which keeps the card servers in sight at 900 px.
      {
        titleKey: 'redeemCode',
        path: paths.redeemCode,
        icon: <RedeemOutlinedIcon />,
        adminSection: 'management',
      },
      { titleKey: 'pricing', path: paths.pricing, icon: <AddCardOutlinedIcon /> },
      // Every payment to decide for admins (the pending count on it); one's own top-ups for the others.
      { titleKey: 'payments', path: paths.payments, icon: <PaymentsOutlinedIcon />, badge: 'topups' },
      { titleKey: 'products', path: paths.products, icon: <SellOutlinedIcon /> },
    ],
  },
  {
    subheaderKey: 'support',
    items: [
      {
        titleKey: 'tickets',
        path: paths.tickets,
        icon: <ConfirmationNumberOutlinedIcon />,
        badge: 'tickets',
      },
      {
        titleKey: 'newTicket',
        path: paths.ticketsNew,
        icon: <AddCommentOutlinedIcon />,
        adminSection: 'management',
      },
      { titleKey: 'knowledgeBase', path: paths.knowledgeBase, icon: <MenuBookOutlinedIcon /> },
      { titleKey: 'contactUs', path: paths.contactUs, icon: <ContactSupportOutlinedIcon /> },
    ],
  },
  {
    subheaderKey: 'management',
    adminOnly: true,
    items: [
      // An admin opens the card servers as often as the lines: they sit right under Lines, so that
      // opening Lines' five entries cannot push them below the fold at 1440×900.
      {
        titleKey: 'cccamServers',
        path: paths.cccamServers,
        icon: <DnsOutlinedIcon />,
        adminOnly: true,
        adminSection: 'overview',
        staffOperation: 'GET /api/servers',
        children: [
          { titleKey: 'serversManage', path: paths.serversManage, staffOperation: 'GET /api/servers' },
          { titleKey: 'serversAdd', path: paths.serversAdd, staffOperation: 'POST /api/servers' },
          { titleKey: 'serversCheck', path: paths.serversCheck, staffOperation: 'POST /api/servers/check' },
          { titleKey: 'serversTestApi', path: paths.serversTestApi },
        ],
      },
      {
        titleKey: 'manageResellers',
        path: paths.resellers,
        icon: <ManageAccountsOutlinedIcon />,
        adminOnly: true,
      },
      { titleKey: 'manageGroups', path: paths.manageGroups, icon: <GroupsOutlinedIcon />, adminOnly: true },
      {
        titleKey: 'systemStatus',
        path: paths.systemStatus,
        icon: <MonitorHeartOutlinedIcon />,
        adminOnly: true,
      },
    ],
  },
];

function buildItems(
  items: NavItemConfig[],
  admin: boolean,
  t: TFunction,
  badges: NavBadges,
  granted: readonly Permission[] = [],
  staffOperations: readonly string[] = [],
  /** Under an entry a staff member sees by its role only: the children its role opens, no others. */
  staffOnly = false,
): NavItem[] {
  const byStaff = (item: NavItemConfig) =>
    item.staffOperation !== undefined && staffOperations.includes(item.staffOperation);
  const byAccount = (item: NavItemConfig) =>
    !staffOnly && !item.adminOnly && (!item.permission || granted.includes(item.permission));
  return items
    .filter((item) => !(admin && item.notForAdmins))
    .filter((item) => admin || byAccount(item) || byStaff(item))
    .map((item) => ({
      title: t(`nav.${item.titleKey}`),
      path: item.path,
      icon: item.icon,
      testId: `nav-${item.titleKey}`,
      badge: item.badge ? badges[item.badge] : undefined,
      children: item.children
        ? buildItems(item.children, admin, t, badges, granted, staffOperations, !admin && !byAccount(item))
        : undefined,
    }));
}

/**
 * An admin's day is lines, accounts, messages and tickets: Support and Credits come right after
 * Overview, so that Tickets, Knowledge base, Contact and Products show without scrolling on a
 * 1440×900 screen, and Management follows with the pages an admin opens now and then (the audit log
 * and the announcements move there from Overview). The card servers go up into Overview, under Lines.
 */
function adminOrder(groups: NavGroupConfig[]): NavGroupConfig[] {
  const moved = groups.flatMap((group) => group.items.filter((item) => item.adminSection === 'management'));
  const raised = groups.flatMap((group) => group.items.filter((item) => item.adminSection === 'overview'));
  const kept = groups.map((group) => ({
    ...group,
    items: group.items
      .filter((item) => !item.adminSection)
      .flatMap((item) => (item.titleKey === 'lines' ? [item, ...raised] : [item])),
  }));
  const rank = (group: NavGroupConfig) =>
    ['overview', 'support', 'creditsSection', 'management'].indexOf(group.subheaderKey ?? 'overview');
  return kept
    .map((group) =>
      group.subheaderKey === 'management' ? { ...group, items: [...group.items, ...moved] } : group,
    )
    .sort((a, b) => (a.subheaderKey ? rank(a) : -1) - (b.subheaderKey ? rank(b) : -1));
}

export function buildNavData(account: Me, t: TFunction, badges: NavBadges = {}): NavGroup[] {
  const admin = isAdminAccount(account);
  return (admin ? adminOrder(navConfig) : navConfig)
    .map((group, index) => ({
      id: group.subheaderKey ?? `group-${index}`,
      subheader: group.subheaderKey ? t(`nav.${group.subheaderKey}`) : undefined,
      // An admin's group shows a staff member only the entries its role opens.
      items: buildItems(
        group.items,
        admin,
        t,
        badges,
        account.permissions,
        account.staff_operations,
        !admin && group.adminOnly === true,
      ),
    }))
    .filter((group) => group.items.length > 0);
}
