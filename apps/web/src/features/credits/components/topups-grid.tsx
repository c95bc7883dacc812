import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TopUpRequest } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import type { GridPage } from '../../../components/paged-data-grid';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsivePagedGrid } from '../../../components/responsive-list/responsive-paged-grid';
import { TopUpOutcome } from './topup-outcome';
import { TopUpPackageCell } from './topup-package-cell';
import { TopUpStatusChip } from './topup-status-chip';

type TopUpsGridProps = GridPage & {
  requests: TopUpRequest[];
  /** Pay a request still awaiting its payment. */
  onPay: (request: TopUpRequest) => void;
  testId: string;
};

/** The requester's own requests (the admin's list is AdminTopUpsGrid). */
export function TopUpsGrid(props: TopUpsGridProps) {
  const { requests, onPay, testId, ...page } = props;
  const { t, i18n } = useTranslation();

  // On a phone each request is a card: the package as its title, the other columns as labelled lines.
  const columns = useMemo<ListColumn<TopUpRequest>[]>(() => {
    const language = i18n.resolvedLanguage;
    return [
      {
        field: 'created_at',
        headerName: t('credits.topups.requested'),
        grid: { minWidth: 150 },
        render: (row) => (
          <Typography variant="body2" data-testid="topup-requested">
            {formatDateTime(row.created_at, language)}
          </Typography>
        ),
      },
      {
        field: 'package_name',
        headerName: t('credits.topups.package'),
        card: 'primary',
        grid: { minWidth: 220, flex: 1.3 },
        render: (row) => <TopUpPackageCell row={row} />,
      },
      {
        field: 'status',
        headerName: t('credits.topups.status'),
        grid: { minWidth: 150, flex: 1 },
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <TopUpStatusChip status={row.status} />
            {row.decided_at && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {formatDateTime(row.decided_at, language)}
              </Typography>
            )}
            {row.status === 'awaiting_payment' && (
              <Button
                size="small"
                variant="contained"
                startIcon={<PaymentsOutlinedIcon />}
                onClick={() => onPay(row)}
                sx={{ mt: 0.5 }}
                data-testid="topup-pay"
              >
                {t('credits.payments.pay')}
              </Button>
            )}
            <TopUpOutcome row={row} />
          </Box>
        ),
      },
    ];
  }, [t, i18n.resolvedLanguage, onPay]);

  return (
    <ResponsivePagedGrid<TopUpRequest>
      {...page}
      rows={requests}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('credits.topups.title')}
      testId={testId}
      rowTestId="topup-row"
    />
  );
}
