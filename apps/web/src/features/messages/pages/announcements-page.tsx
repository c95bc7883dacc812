import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDate } from '../../../lib/format-date';
import { useAnnouncements } from '../hooks/use-messages';

const PAGE_SIZE = 12;

/** The spec's /blog template page, put to use: global messages shown as posts. */
export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const announcements = useAnnouncements(page, PAGE_SIZE);
  const total = announcements.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (announcements.data && page > pages) setPage(pages);

  return (
    <>
      <PageHeading
        title={t('messages.announcements.title')}
        description={t('messages.announcements.subtitle')}
      />
      {announcements.isError && <Alert severity="error">{errorMessage(announcements.error)}</Alert>}
      {announcements.data && total === 0 && (
        <Card sx={{ py: 8, px: 3, textAlign: 'center' }} data-testid="announcements-empty">
          <CampaignOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6">{t('messages.announcements.empty')}</Typography>
        </Card>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {announcements.isPending &&
          [0, 1, 2].map((item) => <Skeleton key={item} variant="rounded" height={220} />)}
        {announcements.data?.items.map((post) => (
          <Card
            key={post.id}
            component="article"
            data-testid="announcement"
            data-message-id={post.id}
            sx={{ display: 'flex', flexDirection: 'column' }}
          >
            <Box
              sx={(theme) => ({
                height: 8,
                bgcolor: post.is_read ? alpha(theme.palette.primary.main, 0.24) : theme.palette.primary.main,
              })}
            />
            <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography
                  component="time"
                  dateTime={post.created_at}
                  variant="caption"
                  sx={{ color: 'text.secondary', flexGrow: 1 }}
                  data-testid="announcement-date"
                >
                  {formatDate(post.created_at, i18n.resolvedLanguage)}
                </Typography>
                {!post.is_read && <Chip size="small" color="primary" label={t('messages.unreadChip')} />}
              </Box>
              <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                {post.title}
              </Typography>
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                {post.content}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ mt: 5, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </>
  );
}
