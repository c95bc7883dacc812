import MenuItem from '@mui/material/MenuItem';
import type { LinePlan } from '@linedesk/shared';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import type { AddLineFormValues } from '../lib/line-form';

type PlanSelectFieldProps = { control: Control<AddLineFormValues>; plans: readonly LinePlan[] };

/** The plans a line can be sold on; '' is the default plan (what the API uses without one). */
export function PlanSelectField({ control, plans }: PlanSelectFieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name="plan_id"
      label={t('linePlans.plan')}
      select
      helperText={t('linePlans.planHelp')}
      slotProps={{
        select: {
          // '' is a real choice here (the default plan): without this MUI shows '' as an empty field.
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': 'field-plan-select' } as object,
        },
      }}
    >
      {plans.map((plan) => (
        <MenuItem
          key={plan.id}
          value={plan.is_default ? '' : String(plan.id)}
          data-testid={`plan-option-${plan.id}`}
        >
          {plan.name}
          {/* Packages by name: a reseller sells "Sports", never "group 1". */}
          {plan.packages.length > 0 && ` · ${plan.packages.join(', ')}`}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
