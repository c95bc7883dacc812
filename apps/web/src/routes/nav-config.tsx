import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import { isAdminAccount, type Me } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { NavGroup, NavItem } from '../layouts/dashboard/nav-types';
import { paths } from './paths';

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
    | 'serversTestApi';
  path: string;
  icon?: ReactNode;
  adminOnly?: boolean;
  children?: NavItemConfig[];
};

type NavGroupConfig = {
  subheaderKey?: 'overview' | 'management';
  adminOnly?: boolean;
  items: NavItemConfig[];
};

/**
 * The side navigation as data. Later features append their pages here (lines, messages, tickets, servers);
 * `adminOnly` entries are removed for everyone else.
 */
export const navConfig: NavGroupConfig[] = [
  { items: [{ titleKey: 'myProfile', path: paths.profileEdit, icon: <PersonOutlinedIcon /> }] },
  {
    subheaderKey: 'overview',
    items: [{ titleKey: 'dashboard', path: paths.root, icon: <DashboardOutlinedIcon /> }],
  },
  {
    subheaderKey: 'management',
    adminOnly: true,
    items: [
      { titleKey: 'manageGroups', path: paths.manageGroups, icon: <GroupsOutlinedIcon />, adminOnly: true },
      {
        titleKey: 'cccamServers',
        path: paths.cccamServers,
        icon: <DnsOutlinedIcon />,
        adminOnly: true,
        children: [
          { titleKey: 'serversManage', path: paths.serversManage },
          { titleKey: 'serversAdd', path: paths.serversAdd },
          { titleKey: 'serversCheck', path: paths.serversCheck },
          { titleKey: 'serversTestApi', path: paths.serversTestApi },
        ],
      },
    ],
  },
];

function buildItems(items: NavItemConfig[], admin: boolean, t: TFunction): NavItem[] {
  return items
    .filter((item) => admin || !item.adminOnly)
    .map((item) => ({
      title: t(`nav.${item.titleKey}`),
      path: item.path,
      icon: item.icon,
      testId: `nav-${item.titleKey}`,
      children: item.children ? buildItems(item.children, admin, t) : undefined,
    }));
}

export function buildNavData(account: Me, t: TFunction): NavGroup[] {
  const admin = isAdminAccount(account);
  return navConfig
    .filter((group) => admin || !group.adminOnly)
    .map((group) => ({
      subheader: group.subheaderKey ? t(`nav.${group.subheaderKey}`) : undefined,
      items: buildItems(group.items, admin, t),
    }))
    .filter((group) => group.items.length > 0);
}
