import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivationCode } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { durationLabel } from '../../lines/lib/duration-label';
import { CodeActions } from './code-actions';
import { CodeStateChip } from './code-state-chip';

type CodeListProps = {
  codes: ActivationCode[];
  /** Admins see every owner's codes: each card names its owner. */
  showOwner: boolean;
  /** The customer portal's address, which shared and printed codes send the customer to. */
  portalAddress: string;
  /** The texts in the customer's language, for what is handed out (the shared message). */
  handoutT: TFunction;
  voiding: number | null;
  onVoid: (code: ActivationCode) => void;
  onPrint: (code: ActivationCode) => void;
};

/** The codes as cards: one column on a phone, more as the page widens. */
export function CodeList({
  codes,
  showOwner,
  portalAddress,
  handoutT,
  voiding,
  onVoid,
  onPrint,
}: CodeListProps) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDate(value, i18n.resolvedLanguage);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
      data-testid="activation-codes-list"
    >
      {codes.map((code) => (
        <Card key={code.id} sx={{ p: 2 }} data-testid="activation-code" data-code={code.code}>
          <Stack sx={{ gap: 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography
                sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 17, overflowWrap: 'anywhere' }}
                data-testid="code-text"
              >
                {code.code}
              </Typography>
              <CodeStateChip state={code.state} />
            </Box>
            <Typography variant="body2">
              {code.is_trial
                ? t('activationCodes.trial')
                : (durationLabel(t, code.subscription_months) ??
                  t('linePlans.months', { count: code.subscription_months ?? 0 }))}
              {code.plan_name ? ` · ${code.plan_name}` : ''}
              {' · '}
              {t('activationCodes.list.charged', { count: code.charged })}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('activationCodes.list.created', { date: date(code.created_at) })}
              {code.valid_until && code.state === 'unused'
                ? ` · ${t('activationCodes.list.validUntil', { date: date(code.valid_until) })}`
                : ''}
              {code.activated_at
                ? ` · ${t('activationCodes.list.activated', {
                    date: date(code.activated_at),
                    line: code.line_username ?? '—',
                  })}`
                : ''}
              {code.voided_at ? ` · ${t('activationCodes.list.voided', { date: date(code.voided_at) })}` : ''}
            </Typography>
            {showOwner && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {code.owner_email}
              </Typography>
            )}
            <CodeActions
              code={code}
              portalAddress={portalAddress}
              handoutT={handoutT}
              voiding={voiding === code.id}
              voidDisabled={voiding !== null}
              onVoid={() => onVoid(code)}
              onPrint={() => onPrint(code)}
            />
          </Stack>
        </Card>
      ))}
    </Box>
  );
}
