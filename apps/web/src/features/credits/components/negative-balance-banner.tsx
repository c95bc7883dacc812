import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { spendRefusal } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/number-format';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { errorKey } from '../../lines/lib/error-key';

/**
 * Why nothing can be bought while the balance is below 0 (a refunded or charged-back top-up), and
 * where to settle it: the server's own refusal text, by the same rule the server refuses with. The
 * account's balance events refresh it, so it goes away when a top-up is credited.
 */
export function NegativeBalanceBanner({ sx }: { sx?: SxProps<Theme> }) {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  // Any price: a negative balance is refused before what is asked is looked at.
  const refused = spendRefusal(account.credits, 1);
  if (refused?.code !== 'BALANCE_NEGATIVE') return null;
  return (
    <Alert
      severity="error"
      sx={sx}
      data-testid="negative-balance-banner"
      action={
        <Button
          component={RouterLink}
          to={paths.pricing}
          color="inherit"
          size="small"
          startIcon={<AddCardOutlinedIcon />}
          data-testid="negative-balance-top-up"
        >
          {t('nav.pricing')}
        </Button>
      }
    >
      {t(errorKey('BALANCE_NEGATIVE'), {
        balance: formatNumber(refused.params.balance, i18n.resolvedLanguage),
      })}
    </Alert>
  );
}
