import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chargesNothing, spendRefusal } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { errorKey } from '../lib/error-key';

type PriceSummaryProps = {
  /** Credits this action costs (0 for a trial). */
  price: number;
  /** The caller's balance. */
  balance: number;
  /** Admins are never charged: their credits are unlimited, so the summary shows no cost. */
  admin: boolean;
  trial?: boolean;
};

function Row({
  label,
  value,
  testId,
  color,
}: {
  label: string;
  value: string;
  testId: string;
  color?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="subtitle2" data-testid={testId} sx={{ color }}>
        {value}
      </Typography>
    </Box>
  );
}

/** What a create, renewal or plan change costs and what is left afterwards, before anything is sent. */
export function PriceSummary({ price, balance, admin, trial = false }: PriceSummaryProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.resolvedLanguage);
  const charged = chargesNothing({ isAdmin: admin, isTrial: trial }) ? 0 : price;
  const after = balance - charged;
  // The server's own spending rule: a negative balance buys nothing, a short one is told what it lacks.
  const refusal = admin ? null : spendRefusal(balance, charged);

  return (
    <Stack
      sx={{ gap: 1, p: 2, borderRadius: 1.5, bgcolor: 'background.neutral' }}
      data-testid="price-summary"
      data-charged={charged}
    >
      <Row
        label={t('lines.price.price')}
        testId="price-value"
        value={charged === 0 ? t('lines.price.free') : t('lines.price.credits', { count: charged })}
      />
      {admin ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="price-admin-free">
          {t('lines.price.adminFree')}
        </Typography>
      ) : (
        <>
          <Row label={t('lines.price.balance')} testId="price-balance" value={number(balance)} />
          <Divider sx={{ borderStyle: 'dashed' }} />
          {/* error.main reaches only 4.44:1 on the summary's grey; error.dark passes AA (6:1). */}
          <Row
            label={t('lines.price.balanceAfter')}
            testId="price-balance-after"
            value={number(after)}
            color={after < 0 ? 'error.dark' : undefined}
          />
          {refusal && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="price-insufficient" data-code={refusal.code}>
              {t(errorKey(refusal.code), refusal.params)}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
