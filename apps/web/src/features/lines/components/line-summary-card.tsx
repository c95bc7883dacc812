import AutorenewIcon from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toDisplayDate, type Line } from '@linedesk/shared';
import { useBusinessDay } from '../hooks/use-business-day';
import { BusinessZoneNote } from './business-zone-note';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionLine, useMoreConnectionLines } from '../hooks/use-connection-line';
import { ConnectionLineBox } from './connection-line-box';
import { ConnectionLineQr } from './connection-line-qr';
import { DaysLeftCell } from './days-left-cell';
import { LineStatusChip } from './line-status-chip';
import { OnlineDot } from './online-dot';

function SummaryFact({ label, children }: { label: string; children: ReactNode }) {
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

/**
 * What a reseller opens a line for, first on every screen size: is it working, how long is left, the
 * line to hand the customer again (copy, or a QR code to scan from the receiver's setup), and Renew.
 */
// Memoised: the line page's later parts render again around it (the form as it settles).
export const LineSummaryCard = memo(function LineSummaryCard({
  line,
  onRenew,
}: {
  line: Line;
  onRenew: () => void;
}) {
  const { t } = useTranslation();
  const text = useConnectionLine()(line);
  const more = useMoreConnectionLines()(line);
  const { today } = useBusinessDay();
  return (
    <Card data-testid="line-summary-card">
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <SummaryFact label={t('lines.fields.status')}>
            <LineStatusChip status={line.status} />
          </SummaryFact>
          <SummaryFact label={t('lines.fields.daysLeft')}>
            {/* The grid's rule and colours: the business day, as the line's status uses. */}
            <DaysLeftCell expiryDate={line.expiry_date} today={today} />
          </SummaryFact>
          <SummaryFact label={t('lines.fields.expiry')}>
            <span data-testid="line-summary-expiry">{toDisplayDate(line.expiry_date)}</span>
            <BusinessZoneNote />
          </SummaryFact>
          <SummaryFact label={t('lines.edit.onlineNow')}>
            <OnlineDot line={line} />
            <span data-testid="line-summary-online">
              {line.online ? t('lineConnections.online') : t('lineConnections.offline')}
            </span>
          </SummaryFact>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
            alignItems: 'start',
          }}
        >
          <Stack sx={{ gap: 1.5, minWidth: 0 }} data-testid="line-connection-card">
            <Typography variant="subtitle2">{t('linesBulk.connection.title')}</Typography>
            {text ? (
              <ConnectionLineBox
                text={text}
                copyLabel={t('linesBulk.connection.copy')}
                testId="line-connection-line"
                copyTestId="line-connection-copy"
              />
            ) : (
              <Alert severity="info" data-testid="line-connection-unknown">
                {t('linesBulk.connection.unknown')}
              </Alert>
            )}
            {more.map((other) => (
              <Stack key={other} sx={{ gap: 0.5 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('serverStandby.moreLines')}
                </Typography>
                <ConnectionLineBox
                  text={other}
                  copyLabel={t('linesBulk.connection.copy')}
                  testId="line-connection-line-more"
                  copyTestId="line-connection-copy-more"
                />
              </Stack>
            ))}
            <Button
              variant="contained"
              startIcon={<AutorenewIcon />}
              onClick={onRenew}
              sx={{ alignSelf: { sm: 'flex-start' } }}
              data-testid="line-renew-button"
            >
              {t('lines.actions.renew')}
            </Button>
          </Stack>
          {text && (
            <ConnectionLineQr
              text={text}
              size={132}
              label={t('lines.edit.qrLabel')}
              testId="line-connection-qr"
              sx={{ justifySelf: { xs: 'center', sm: 'end' } }}
            />
          )}
        </Box>
      </CardContent>
    </Card>
  );
});
