import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { QueryStates } from '../../../components/query-states';
import { formatNumber } from '../../../lib/number-format';
import { paths } from '../../../lib/paths';
import { PricingCards } from '../components/pricing-cards';
import { usePricing } from '../hooks/use-pricing';

/** /products, the spec's template page made real: what lines cost and the credit packages on sale. */
export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const pricing = usePricing();
  const number = (value: number) => formatNumber(value, i18n.resolvedLanguage);

  return (
    <>
      <PageHeading
        title={t('credits.products.title')}
        description={t('credits.products.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddCardOutlinedIcon />}
            component={RouterLink}
            to={paths.pricing}
          >
            {t('credits.topUp')}
          </Button>
        }
      />
      <QueryStates query={pricing}>
        {(pricingData) => (
          <Stack sx={{ gap: 3 }}>
            <Card>
              <CardHeader
                title={t('credits.products.linesTitle')}
                subheader={t('credits.products.linesText')}
                sx={{ mb: 2 }}
              />
              <TableContainer>
                <Table aria-label={t('credits.products.linesTitle')} data-testid="line-prices">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('credits.products.duration')}</TableCell>
                      <TableCell align="right">{t('credits.products.price')}</TableCell>
                      <TableCell align="right">{t('credits.products.perMonth')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    <TableRow data-testid="line-price-row" data-months="trial">
                      <TableCell>
                        <Typography variant="subtitle2" component="span">
                          {t('credits.products.trial')}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">
                        <Chip
                          size="small"
                          color="success"
                          variant="outlined"
                          label={t('credits.products.free')}
                        />
                      </TableCell>
                      <TableCell align="right">—</TableCell>
                    </TableRow>
                    {pricingData.line_prices.map((price) => (
                      <TableRow
                        key={price.months}
                        hover
                        data-testid="line-price-row"
                        data-months={price.months}
                      >
                        <TableCell>
                          <Typography variant="subtitle2" component="span">
                            {t('credits.products.months', { months: price.months })}
                          </Typography>
                        </TableCell>
                        <TableCell align="right" data-testid="line-price-credits">
                          {t('credits.products.credits', {
                            count: price.credits,
                            credits: number(price.credits),
                          })}
                        </TableCell>
                        <TableCell align="right" sx={{ color: 'text.secondary' }}>
                          {formatNumber(price.credits / price.months, i18n.resolvedLanguage, {
                            maximumFractionDigits: 2,
                          })}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>
            <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
              {t('credits.products.packagesTitle')}
            </Typography>
            {pricingData.packages.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }} data-testid="products-no-packages">
                {t('credits.pricing.emptyText')}
              </Typography>
            ) : (
              <PricingCards packages={pricingData.packages} />
            )}
          </Stack>
        )}
      </QueryStates>
    </>
  );
}
