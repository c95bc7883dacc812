import { zodResolver } from '@hookform/resolvers/zod';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { redeemBodySchema, type RedeemBody, type RedeemResult } from '@linedesk/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useRedeemCode } from '../hooks/use-redeem';

type Outcome = { ok: true; result: RedeemResult } | { ok: false; error: unknown };

export function RedeemForm() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const redeem = useRedeemCode();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { control, handleSubmit, reset } = useForm<RedeemBody>({
    resolver: zodResolver(redeemBodySchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) => {
    setOutcome(null);
    redeem.mutate(code, {
      onSuccess: (result) => {
        setOutcome({ ok: true, result });
        reset({ code: '' });
      },
      onError: (error) => setOutcome({ ok: false, error }),
    });
  });

  const number = (value: number) => formatNumber(value, i18n.resolvedLanguage);

  return (
    <Card>
      <CardHeader title={t('credits.redeem.formTitle')} subheader={t('credits.redeem.formText')} />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} data-testid="redeem-form">
          {outcome && (
            <Alert
              severity={outcome.ok ? 'success' : 'error'}
              sx={{ mb: 3 }}
              data-testid="redeem-result"
              data-success={outcome.ok}
            >
              {outcome.ok
                ? t('credits.redeem.success', {
                    credits: number(outcome.result.credits),
                    balance: number(outcome.result.balance),
                  })
                : errorMessage(outcome.error)}
            </Alert>
          )}
          <Box
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <FormTextField
              control={control}
              name="code"
              label={t('credits.redeem.code')}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              autoComplete="off"
              slotProps={{ input: { sx: { fontFamily: 'monospace', letterSpacing: 1 } } }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<RedeemOutlinedIcon />}
              loading={redeem.isPending}
              data-testid="redeem-submit"
              sx={{ height: 56, flexShrink: 0, width: { xs: 1, sm: 'auto' } }}
            >
              {t('credits.redeem.submit')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
