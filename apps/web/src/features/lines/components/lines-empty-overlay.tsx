import SubscriptionsOutlinedIcon from '@mui/icons-material/SubscriptionsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What the lines list shows without rows: a first-time hint, or that the filter matches nothing. */
export function LinesEmptyOverlay({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        height: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
      data-testid="lines-empty"
      data-filtered={filtered}
    >
      <SubscriptionsOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
      {/* A paragraph styled as a title, not a heading: a heading inside the list would break the
          page's outline of headings. */}
      <Typography variant="h6" component="p">
        {filtered ? t('lines.list.noMatchTitle') : t('lines.list.emptyTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, textAlign: 'center' }}>
        {filtered ? t('lines.list.noMatchText') : t('lines.list.emptyText')}
      </Typography>
    </Box>
  );
}
