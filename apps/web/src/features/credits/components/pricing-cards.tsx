import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { formatPrice, linePrice, type CreditPackage } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';

type PricingCardsProps = {
  packages: CreditPackage[];
  /** With these, each card gets a button that picks its package for the top-up form. */
  selectedId?: number | null;
  onSelect?: (pack: CreditPackage) => void;
};

/** A 12-month line is what most buyers compare against, so each card says how many that buys. */
const REFERENCE_MONTHS = 12;

export function PricingCards({ packages, selectedId, onSelect }: PricingCardsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {packages.map((pack) => {
        const selected = selectedId === pack.id;
        const lines = Math.floor(pack.credits / linePrice(REFERENCE_MONTHS));
        return (
          <Card
            key={pack.id}
            data-testid="pricing-card"
            data-package-id={pack.id}
            data-highlight={pack.highlight}
            sx={(theme) => ({
              p: 3,
              position: 'relative',
              display: 'flex',
              flexDirection: 'column',
              border: `2px solid ${
                selected
                  ? theme.palette.primary.main
                  : pack.highlight
                    ? alpha(theme.palette.primary.main, 0.4)
                    : 'transparent'
              }`,
              ...(pack.highlight && { bgcolor: alpha(theme.palette.primary.main, 0.04) }),
            })}
          >
            {pack.highlight && (
              <Chip
                size="small"
                color="primary"
                label={t('credits.pricing.popular')}
                sx={{ position: 'absolute', top: 16, right: 16 }}
              />
            )}
            <Typography variant="overline" sx={{ color: 'text.secondary' }} data-testid="pricing-name">
              {pack.name}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, my: 1 }}>
              <Typography variant="h3" component="p" data-testid="pricing-credits">
                {formatNumber(pack.credits, language)}
              </Typography>
              <Typography variant="subtitle1" sx={{ color: 'text.secondary' }}>
                {t('credits.label')}
              </Typography>
            </Box>
            <Typography variant="h5" component="p" sx={{ mb: 2 }} data-testid="pricing-price">
              {formatPrice(pack.price_cents, pack.currency, language)}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', mb: 3 }}>
              <CheckIcon fontSize="small" color="primary" />
              <Typography variant="body2">
                {t('credits.pricing.buysLines', { lines, months: REFERENCE_MONTHS })}
              </Typography>
            </Box>
            {onSelect && (
              <Button
                fullWidth
                size="large"
                variant={selected || pack.highlight ? 'contained' : 'outlined'}
                onClick={() => onSelect(pack)}
                data-testid="pricing-select"
                sx={{ mt: 'auto' }}
              >
                {selected ? t('credits.pricing.selected') : t('credits.pricing.choose')}
              </Button>
            )}
          </Card>
        );
      })}
    </Box>
  );
}
