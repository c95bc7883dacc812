import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';

/** A signed amount: green with "+" when credits came in, red with "−" when they went out. */
export function CreditDelta({ delta }: { delta: number }) {
  const { i18n } = useTranslation();
  const amount = formatNumber(Math.abs(delta), i18n.resolvedLanguage);
  return (
    <Box
      component="span"
      data-testid="ledger-delta"
      data-delta={delta}
      sx={{ fontWeight: 600, color: delta >= 0 ? 'success.dark' : 'error.main', whiteSpace: 'nowrap' }}
    >
      {delta >= 0 ? `+${amount}` : `−${amount}`}
    </Box>
  );
}
