import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import HourglassBottomOutlinedIcon from '@mui/icons-material/HourglassBottomOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import type { Dashboard } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { SummaryCard, type SummaryTone } from './summary-card';

type DashboardFiguresProps = { figures: Dashboard; creditsLabel: string; showLines: boolean };
type Figure = { testId: string; title: string; value: ReactNode; icon: ReactNode; tone: SummaryTone };

/** Red when anything is wrong, amber when something is coming, else calm. */
const badWhenAny = (count: number): SummaryTone => (count > 0 ? 'error' : 'success');

export function DashboardFigures({ figures, creditsLabel, showLines }: DashboardFiguresProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.resolvedLanguage);
  const { lines, servers } = figures;
  const items: (Figure | false)[] = [
    showLines && {
      testId: 'figure-lines-active',
      title: t('insights.linesActive'),
      value: number(lines.active),
      icon: <CheckCircleOutlineIcon />,
      tone: 'success',
    },
    showLines && {
      testId: 'figure-lines-expiring',
      title: t('insights.linesExpiring'),
      value: number(lines.expiring_7d),
      icon: <HourglassBottomOutlinedIcon />,
      tone: lines.expiring_7d > 0 ? 'warning' : 'success',
    },
    showLines && {
      testId: 'figure-lines-expired',
      title: t('insights.linesExpired'),
      value: number(lines.expired),
      icon: <EventBusyOutlinedIcon />,
      tone: badWhenAny(lines.expired),
    },
    showLines && {
      testId: 'figure-lines-trial',
      title: t('insights.linesTrial'),
      value: number(lines.trial),
      icon: <ScienceOutlinedIcon />,
      tone: 'neutral',
    },
    {
      testId: 'dashboard-credits',
      title: t('credits.label'),
      value: creditsLabel,
      icon: <AccountBalanceWalletOutlinedIcon />,
      tone: 'neutral',
    },
    {
      testId: 'figure-spent',
      title: t('insights.spentThisMonth'),
      value: number(figures.credits.spent_this_month),
      icon: <ShoppingCartOutlinedIcon />,
      tone: 'neutral',
    },
    {
      testId: 'figure-open-tickets',
      title: t('insights.openTickets'),
      value: number(figures.tickets.open),
      icon: <SupportAgentOutlinedIcon />,
      tone: figures.tickets.open > 0 ? 'warning' : 'neutral',
    },
    {
      testId: 'figure-unread-messages',
      title: t('insights.unreadMessages'),
      value: number(figures.messages.unread),
      icon: <MailOutlineIcon />,
      tone: figures.messages.unread > 0 ? 'warning' : 'neutral',
    },
    servers !== null && {
      testId: 'figure-servers-up',
      title: t('insights.serversUp'),
      value: number(servers.up),
      icon: <DnsOutlinedIcon />,
      tone: 'success',
    },
    servers !== null && {
      testId: 'figure-servers-down',
      title: t('insights.serversDown'),
      value: number(servers.down),
      icon: <CloudOffOutlinedIcon />,
      tone: badWhenAny(servers.down),
    },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, md: 2 },
        // Compact, five to a row on a desktop: the to-do list above and the charts below stay in sight.
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', lg: 'repeat(5, 1fr)' },
      }}
    >
      {items
        .filter((item): item is Figure => item !== false)
        .map((item) => (
          <SummaryCard key={item.testId} {...item} />
        ))}
    </Box>
  );
}
