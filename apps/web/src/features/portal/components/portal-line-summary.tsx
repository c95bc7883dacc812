import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toDisplayDate, type PortalMe } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionLineBox } from '../../lines/components/connection-line-box';
import { ConnectionLineQr } from '../../lines/components/connection-line-qr';
import { LineStatusChip } from '../../lines/components/line-status-chip';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ typography: 'subtitle2', minHeight: 24, display: 'flex', alignItems: 'center' }}>
        {children}
      </Box>
    </Box>
  );
}

/** Is the line working, how long is left, and the line to put into the receiver (copy or scan). */
export function PortalLineSummary({ me }: { me: PortalMe }) {
  const { t } = useTranslation();
  const first = me.connection_lines[0];
  return (
    <Stack sx={{ gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Fact label={t('portal.line.status')}>
          <LineStatusChip status={me.status} />
        </Fact>
        <Fact label={t('portal.line.daysLeft')}>
          <span data-testid="portal-days-left">{Math.max(0, me.days_left)}</span>
        </Fact>
        <Fact label={t('portal.line.expiry')}>
          <span data-testid="portal-expiry">{toDisplayDate(me.expiry_date)}</span>
        </Fact>
        <Fact label={t('portal.line.online')}>
          <span data-testid="portal-online" data-online={me.online}>
            {me.online
              ? t('portal.line.onlineFrom', { ips: me.connections.map((c) => c.ip).join(', ') })
              : t('portal.line.offline')}
          </span>
        </Fact>
      </Box>
      {me.connection_lines.map((text, index) => (
        <ConnectionLineBox
          key={text}
          text={text}
          copyLabel={t('portal.line.copy')}
          testId={`portal-connection-line-${index}`}
          copyTestId={`portal-copy-connection-line-${index}`}
        />
      ))}
      {first && (
        <ConnectionLineQr
          text={first}
          size={160}
          label={t('portal.line.qr')}
          testId="portal-connection-qr"
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
