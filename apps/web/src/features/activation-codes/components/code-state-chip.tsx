import Chip from '@mui/material/Chip';
import type { ActivationCodeState } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

const colors = { unused: 'success', activated: 'info', void: 'grey' } as const;

/** Unused green (still to hand out), activated blue, void grey; in the soft style of the line status. */
export function CodeStateChip({ state }: { state: ActivationCodeState }) {
  const { t } = useTranslation();
  const color = colors[state];
  return (
    <Chip
      size="small"
      sx={
        color === 'grey'
          ? { bgcolor: 'grey.300', color: 'grey.800', fontWeight: 600 }
          : { bgcolor: `${color}.lighter`, color: `${color}.dark`, fontWeight: 600 }
      }
      label={t(`activationCodes.state.${state}`)}
      data-testid="code-state"
      data-state={state}
    />
  );
}
