import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LineBulkAction } from '@linedesk/shared';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the bar offers: the bulk actions (`move` gives the lines to another reseller: admins
 * anywhere, resellers within their tree) and moving the ticked lines to another server (admins).
 */
export type BulkBarAction = Exclude<LineBulkAction, 'create'> | 'move_server';

type BulkButton = {
  action: BulkBarAction;
  label: ParseKeys;
  icon: ReactNode;
  testId: string;
  variant: 'contained' | 'outlined';
  color?: 'error';
  adminOnly?: boolean;
  /** Only for ticked lines: the move to another server takes ids (or a whole server, on its page). */
  idsOnly?: boolean;
};

const buttons: BulkButton[] = [
  {
    action: 'renew',
    label: 'lines.bulk.renew',
    icon: <AutorenewIcon />,
    testId: 'lines-bulk-renew',
    variant: 'contained',
  },
  {
    action: 'enable',
    label: 'linesBulk.enable',
    icon: <CheckCircleOutlineIcon />,
    testId: 'lines-bulk-enable',
    variant: 'outlined',
  },
  {
    action: 'disable',
    label: 'linesBulk.disable',
    icon: <BlockIcon />,
    testId: 'lines-bulk-disable',
    variant: 'outlined',
  },
  {
    action: 'change_plan',
    label: 'linesBulk.changePlan.button',
    icon: <SellOutlinedIcon />,
    testId: 'lines-bulk-change-plan',
    variant: 'outlined',
  },
  {
    action: 'move',
    label: 'lines.bulk.give',
    icon: <PersonAddAltOutlinedIcon />,
    testId: 'lines-bulk-give',
    variant: 'outlined',
  },
  {
    action: 'move_server',
    label: 'linesBulk.moveServer.button',
    icon: <DnsOutlinedIcon />,
    testId: 'lines-bulk-move-server',
    variant: 'outlined',
    adminOnly: true,
    idsOnly: true,
  },
  {
    action: 'delete',
    label: 'lines.bulk.delete',
    icon: <DeleteOutlinedIcon />,
    testId: 'lines-bulk-delete',
    variant: 'contained',
    color: 'error',
  },
];

type LinesBulkBarProps = {
  admin: boolean;
  /** Whether the server would take the action from this account (`lineRights`). */
  may: (action: BulkBarAction) => boolean;
  /** Lines ticked on this page (0 when every matching line is chosen instead). */
  selectedCount: number;
  /** Every line matching the filter is chosen, `total` of them. */
  allMatching: boolean;
  total: number;
  /** Offer to choose every matching line (this page is all chosen, or a phone shows no tick boxes). */
  offerAllMatching: boolean;
  onSelectAllMatching: () => void;
  onAction: (action: BulkBarAction) => void;
};

/** What can be done to the chosen lines at once, above the list while some are chosen. */
export function LinesBulkBar(props: LinesBulkBarProps) {
  const { t } = useTranslation();
  const someSelected = props.selectedCount > 0 || props.allMatching;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        px: 2.5,
        py: 1.25,
        bgcolor: 'primary.lighter',
      }}
      data-testid="lines-bulk-bar"
    >
      {/* No "Selected: 0": on a phone the bar offers every matching line until one is chosen. */}
      {someSelected ? (
        <Typography
          variant="subtitle2"
          sx={{ flexGrow: 1, color: 'primary.dark' }}
          data-testid="lines-selected-count"
        >
          {props.allMatching
            ? t('linesBulk.allMatching', { count: props.total })
            : t('lines.bulk.selected', { count: props.selectedCount })}
        </Typography>
      ) : (
        <Box sx={{ flexGrow: 1 }} />
      )}
      {props.offerAllMatching && !props.allMatching && (
        <Button size="small" onClick={props.onSelectAllMatching} data-testid="lines-select-all-matching">
          {t('linesBulk.selectAllMatching', { count: props.total })}
        </Button>
      )}
      {someSelected &&
        buttons
          .filter(
            (button) =>
              (props.admin || !button.adminOnly) &&
              props.may(button.action) &&
              !(button.idsOnly && props.allMatching),
          )
          .map((button) => (
            <Button
              key={button.action}
              size="small"
              variant={button.variant}
              color={button.color}
              startIcon={button.icon}
              onClick={() => props.onAction(button.action)}
              data-testid={button.testId}
            >
              {t(button.label)}
            </Button>
          ))}
    </Box>
  );
}
