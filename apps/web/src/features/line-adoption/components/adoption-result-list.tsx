import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdoptionRefusal } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

type ResultItem = {
  username: string;
  status: 'adoptable' | 'adopted' | 'already_adopted' | 'pending' | 'refused';
  reason: AdoptionRefusal | null;
  problems: string[];
  /** The preview's: the entry the agent will write, with every setting it keeps. */
  entry?: string | null;
};

const colors = {
  adoptable: 'success',
  adopted: 'success',
  already_adopted: 'default',
  pending: 'warning',
  refused: 'error',
} as const;

/** Per account what the preview expects or the adoption did, and why an account is refused. */
export function AdoptionResultList({ items }: { items: readonly ResultItem[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 320, overflowY: 'auto' }}
      data-testid="adoption-results"
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.username}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.75 }}
          data-testid="adoption-result"
          data-username={item.username}
          data-status={item.status}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all', minWidth: 0 }}>
            {item.username}
          </Typography>
          <Chip size="small" color={colors[item.status]} label={t(`lineAdoption.status.${item.status}`)} />
          {item.reason && (
            <Typography variant="caption" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
              {t(`lineAdoption.reasons.${item.reason}`)}
              {item.reason === 'NOT_ADOPTABLE' && item.problems.length > 0 && `: ${item.problems.join('; ')}`}
            </Typography>
          )}
          {item.status === 'adoptable' && item.entry && (
            <Box sx={{ flexBasis: '100%' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('lineAdoption.preview.entry')}
              </Typography>
              <Box
                component="pre"
                data-testid="adoption-entry"
                sx={{
                  m: 0,
                  p: 1,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  fontFamily: 'monospace',
                  fontSize: 12,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-all',
                }}
              >
                {item.entry}
              </Box>
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
