import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LinePlan, ResellerPrice } from '@linedesk/shared';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

type Rule = { mode: 'none' | ResellerPrice['mode']; value: string };
const ruleKey = (planId: number, months: number) => `${planId}:${months}`;

type Props = {
  plans: readonly LinePlan[];
  /** The list as saved. */
  initial: readonly ResellerPrice[];
  /** What whoever sets the list pays for a plan and duration (none for an admin). */
  floorOf?: (planId: number, months: number) => number | undefined;
  saving: boolean;
  onSave: (prices: ResellerPrice[]) => void;
  /** Names the fields for tests: `<prefix>-mode-<plan>:<months>`. */
  testIdPrefix: string;
};

/**
 * A price list: per plan and duration none (the price that applies otherwise), fixed credits or the
 * plan's price ± a percentage. An account's own list and a tier's list are edited alike; the server
 * holds the rules (the floor, the durations a plan sells) and answers the refusals.
 */
export function PriceListForm({ plans, initial, floorOf, saving, onSave, testIdPrefix }: Props) {
  const { t } = useTranslation();
  const [rules, setRules] = useState<Record<string, Rule>>(() =>
    Object.fromEntries(
      initial.map((p) => [ruleKey(p.plan_id, p.months), { mode: p.mode, value: String(p.value) }]),
    ),
  );
  const save = () =>
    onSave(
      Object.entries(rules)
        .filter(([, rule]) => rule.mode !== 'none' && rule.value.trim() !== '')
        .map(([key, rule]) => {
          const [planId, months] = key.split(':').map(Number);
          return {
            plan_id: planId!,
            months: months!,
            mode: rule.mode as ResellerPrice['mode'],
            value: Number(rule.value),
          };
        }),
    );

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {plans.flatMap((plan) =>
          plan.prices.map((price) => {
            const key = ruleKey(plan.id, price.months);
            const rule = rules[key] ?? { mode: 'none', value: '' };
            const floor = floorOf?.(plan.id, price.months);
            return (
              <Box
                key={key}
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1.5fr 1fr' },
                }}
              >
                <Typography variant="body2" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                  {plan.name} · {price.months} {t('resellerTerms.months')}
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {floor !== undefined
                      ? t('resellerTerms.floor', { credits: floor })
                      : `${t('resellerTerms.planPrice')}: ${price.credits}`}
                  </Typography>
                </Typography>
                <TextField
                  select
                  size="small"
                  label={t('resellerTerms.mode')}
                  value={rule.mode}
                  onChange={(e) =>
                    setRules((current) => ({
                      ...current,
                      [key]: { ...rule, mode: e.target.value as Rule['mode'] },
                    }))
                  }
                  slotProps={{
                    select: {
                      SelectDisplayProps: {
                        'data-testid': `${testIdPrefix}-mode-${key}`,
                      } as HTMLAttributes<HTMLDivElement>,
                    },
                  }}
                >
                  <MenuItem value="none">{t('resellerTerms.none')}</MenuItem>
                  <MenuItem value="fixed">{t('resellerTerms.fixed')}</MenuItem>
                  <MenuItem value="percent">{t('resellerTerms.percent')}</MenuItem>
                </TextField>
                <TextField
                  size="small"
                  type="number"
                  label={t('resellerTerms.value')}
                  value={rule.value}
                  disabled={rule.mode === 'none'}
                  onChange={(e) =>
                    setRules((current) => ({ ...current, [key]: { ...rule, value: e.target.value } }))
                  }
                  slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}-value-${key}` } }}
                />
              </Box>
            );
          }),
        )}
      </Box>
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        onClick={save}
        loading={saving}
        data-testid={`${testIdPrefix}-save-prices`}
      >
        {t('resellerTerms.savePrices')}
      </Button>
    </>
  );
}
