import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isAdminAccount } from '@linedesk/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../lib/paths';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { MyTopUpsCard } from '../components/my-topups-card';
import { PackagesEditor } from '../components/packages-editor';
import { PricingCards } from '../components/pricing-cards';
import { TopUpRequestForm } from '../components/topup-request-form';
import { usePricing } from '../hooks/use-pricing';

const adminTabs = ['pricing', 'packages'] as const;
type PricingTab = (typeof adminTabs)[number];

/** /payments/pricing: the packages and the top-up request; admins also edit packages (requests: /payments). */
export function PricingPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: PricingTab =
    admin && adminTabs.includes(requested as PricingTab) ? (requested as PricingTab) : 'pricing';
  // The requests moved to their own page in the navigation (Payments); old links still lead there.
  if (requested === 'requests') return <Navigate to={paths.payments} replace />;

  return (
    <>
      <PageHeading title={t('credits.pricing.title')} description={t('credits.pricing.subtitle')} />
      {admin && (
        <Tabs
          value={tab}
          onChange={(_event, next: PricingTab) =>
            setParams(next === 'pricing' ? {} : { tab: next }, { replace: true })
          }
          // German or Portuguese labels can be wider than a phone: the row scrolls, with arrows.
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ mb: 3 }}
        >
          <Tab value="pricing" label={t('credits.pricing.tabPricing')} data-testid="pricing-tab-pricing" />
          <Tab value="packages" label={t('credits.pricing.tabPackages')} data-testid="pricing-tab-packages" />
        </Tabs>
      )}
      {tab === 'packages' && <PackagesEditor />}
      {tab === 'pricing' && <PricingOverview canRequest={!admin} canEdit={admin} />}
    </>
  );
}

function PricingOverview({ canRequest, canEdit }: { canRequest: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const pricing = usePricing();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const select = useCallback((id: number | null) => setSelectedId(id), []);

  if (pricing.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} variant="rounded" height={260} />
        ))}
      </Box>
    );
  }
  if (pricing.isError) return <Alert severity="error">{errorMessage(pricing.error)}</Alert>;

  const packages = pricing.data.packages;
  return (
    <Stack sx={{ gap: 3 }}>
      {packages.length === 0 ? (
        <Card sx={{ py: 6, px: 3, textAlign: 'center' }} data-testid="pricing-empty">
          <Typography variant="h6">{t('credits.pricing.emptyTitle')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {canEdit ? t('credits.pricing.emptyAdminText') : t('credits.pricing.emptyText')}
          </Typography>
          {canEdit && (
            <Button
              variant="contained"
              component={RouterLink}
              to={`${paths.pricing}?tab=packages`}
              sx={{ mt: 3 }}
              data-testid="pricing-empty-edit"
            >
              {t('credits.pricing.emptyAdminAction')}
            </Button>
          )}
        </Card>
      ) : (
        <PricingCards
          packages={packages}
          selectedId={canRequest ? selectedId : undefined}
          onSelect={
            canRequest
              ? (pack) => {
                  select(pack.id);
                  document
                    .getElementById('top-up-form')
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }
              : undefined
          }
        />
      )}
      {canRequest && packages.length > 0 && (
        <TopUpRequestForm packages={packages} selectedId={selectedId} onSelectedChange={select} />
      )}
      {canRequest && <MyTopUpsCard />}
    </Stack>
  );
}
