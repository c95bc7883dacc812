import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LinePlan } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { LinePlanDialog } from '../components/line-plan-dialog';
import { useLinePlans, useSaveLinePlan } from '../hooks/use-line-plans';
import { caidsToText } from '../lib/caid-text';
import { uniqKeys } from '../lib/uniq-keys';

/** One line per restriction the plan sets, in the admin's words. */
function restrictionTexts(plan: LinePlan, t: TFunction): string[] {
  const r = plan.restrictions;
  const texts: string[] = [];
  if (plan.packages.length > 0)
    texts.push(t('linePlans.summary.packages', { packages: plan.packages.join(', ') }));
  if (r.max_connections !== null)
    texts.push(t('linePlans.summary.maxConnections', { count: r.max_connections }));
  const uniqKey = r.uniq === null ? undefined : uniqKeys[r.uniq];
  if (uniqKey) texts.push(t(uniqKey));
  if (r.caids.length > 0) texts.push(t('linePlans.summary.caids', { caids: caidsToText(r.caids) }));
  if (r.cccam_hops !== null) texts.push(t('linePlans.summary.hops', { count: r.cccam_hops }));
  if (r.cccam_reshare !== null) texts.push(t('linePlans.summary.reshare', { count: r.cccam_reshare }));
  if (r.allowed_protocols.length > 0) {
    texts.push(t('linePlans.summary.protocols', { protocols: r.allowed_protocols.join(', ') }));
  }
  if (r.services.length > 0) texts.push(t('linePlans.summary.services', { services: r.services.join(', ') }));
  if (r.allowed_timeframe) texts.push(t('linePlans.summary.timeframe', { timeframe: r.allowed_timeframe }));
  if (r.au) texts.push(t('linePlans.summary.au', { au: r.au }));
  return texts;
}

/** Admins' plans: what lines cost per duration and what their servers enforce. */
export function LinePlansPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [showArchived, setShowArchived] = useState(false);
  const plans = useLinePlans(showArchived);
  const save = useSaveLinePlan();
  const [editing, setEditing] = useState<{ plan: LinePlan | null; key: number } | null>(null);

  return (
    <>
      <PageHeading
        title={t('linePlans.title')}
        description={t('linePlans.subtitle')}
        action={
          <Button
            variant="contained"
            onClick={() => setEditing({ plan: null, key: Date.now() })}
            data-testid="line-plan-new"
          >
            {t('linePlans.new')}
          </Button>
        }
      />
      <FormControlLabel
        control={<Switch checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />}
        label={t('linePlans.showArchived')}
        sx={{ mb: 2 }}
      />
      {(plans.isError || save.isError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(plans.error ?? save.error)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {(plans.data ?? []).map((plan) => {
          const restrictions = restrictionTexts(plan, t);
          return (
            <Card key={plan.id} data-testid={`line-plan-${plan.id}`}>
              <CardContent>
                <Stack sx={{ gap: 1.5 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                      {plan.name}
                    </Typography>
                    {plan.is_default && <Chip size="small" label={t('linePlans.default')} />}
                    {plan.archived && <Chip size="small" color="warning" label={t('linePlans.archived')} />}
                  </Box>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {plan.prices.map((price) => (
                      <Chip
                        key={price.months}
                        variant="outlined"
                        label={t('linePlans.priceChip', { count: price.months, credits: price.credits })}
                      />
                    ))}
                  </Box>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {restrictions.length > 0 ? restrictions.join(' · ') : t('linePlans.noRestrictions')}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('linePlans.lineCount', { count: plan.line_count ?? 0 })}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setEditing({ plan, key: Date.now() })}
                      data-testid={`line-plan-edit-${plan.id}`}
                    >
                      {t('linePlans.edit')}
                    </Button>
                    {!plan.is_default && (
                      <Button
                        size="small"
                        color={plan.archived ? 'primary' : 'warning'}
                        onClick={() => save.mutate({ id: plan.id, body: { archived: !plan.archived } })}
                        data-testid={`line-plan-archive-${plan.id}`}
                      >
                        {plan.archived ? t('linePlans.restore') : t('linePlans.archive')}
                      </Button>
                    )}
                  </Box>
                </Stack>
              </CardContent>
            </Card>
          );
        })}
      </Box>
      {editing && (
        <LinePlanDialog key={editing.key} plan={editing.plan} open onClose={() => setEditing(null)} />
      )}
    </>
  );
}
