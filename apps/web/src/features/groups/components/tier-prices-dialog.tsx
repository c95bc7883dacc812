import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Group } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { PriceListForm } from '../../resellers/components/price-list-form';
import { useSaveTierPrices, useTierPrices } from '../hooks/use-groups';
import { useGroupName } from '../hooks/use-group-name';

type Props = { open: boolean; group: Group | null; onClose: () => void };

/**
 * A tier's price list (admins): what every account of the group pays where its own list is silent.
 * Full screen on a phone, like an account's terms.
 */
export function TierPricesDialog({ open, group, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const groupName = useGroupName();
  const prices = useTierPrices(open && group ? group.id : null);
  const plans = useLinePlans();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="tier-prices-title"
    >
      <DialogTitle id="tier-prices-title">
        {t('tierPrices.title', { name: group ? groupName(group) : '' })}
      </DialogTitle>
      <DialogContent data-testid="tier-prices-dialog">
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('tierPrices.hint')}
        </Typography>
        {group && prices.data && plans.data && (
          <TierForm key={group.id} groupId={group.id} initial={prices.data.prices} plans={plans.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('resellerTerms.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TierForm({
  groupId,
  initial,
  plans,
}: {
  groupId: number;
  initial: Parameters<typeof PriceListForm>[0]['initial'];
  plans: Parameters<typeof PriceListForm>[0]['plans'];
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useSaveTierPrices(groupId);
  return (
    <PriceListForm
      plans={plans}
      initial={initial}
      saving={save.isPending}
      testIdPrefix="tier"
      onSave={(list) =>
        save.mutate(list, {
          onSuccess: () => snackbar(t('tierPrices.saved')),
          onError: (error) => snackbar(errorMessage(error), 'error'),
        })
      }
    />
  );
}
