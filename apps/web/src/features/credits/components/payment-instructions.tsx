import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { instructionsIn, type TopUpRequest } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { instructionLines } from '../lib/instruction-lines';
import { CopyValueButton } from './copy-value-button';

/**
 * A method's instructions in the reader's language (the default text where the admin wrote none),
 * line by line, with a copy button beside each account number, IBAN or address.
 */
export function PaymentInstructions({ request }: { request: TopUpRequest }) {
  const { t, i18n } = useTranslation();
  const text = instructionsIn(i18n.resolvedLanguage, request.instructions, request.instructions_translations);
  if (!text) return null;
  return (
    <Box>
      <Typography variant="subtitle2">{t('credits.payments.instructions')}</Typography>
      <Box data-testid="payment-instructions">
        {instructionLines(text).map((line, index) =>
          line.copy ? (
            <Box
              key={index}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
              data-testid="payment-instruction-copyable"
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {line.label}:{' '}
                <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {line.value}
                </Box>
              </Typography>
              <CopyValueButton value={line.copy} label={line.label!} testId="payment-instruction-copy" />
            </Box>
          ) : (
            <Typography
              key={index}
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minHeight: '1.43em' }}
            >
              {line.text}
            </Typography>
          ),
        )}
      </Box>
    </Box>
  );
}
