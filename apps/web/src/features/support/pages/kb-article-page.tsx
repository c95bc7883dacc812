import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAdminAccount } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { KbArticleDialog } from '../components/kb-article-dialog';
import { KbDeleteArticleDialog } from '../components/kb-delete-article-dialog';
import { MarkdownView } from '../components/markdown-view';
import { useKbArticle, useKbCategories } from '../hooks/use-knowledge-base';

export function KbArticlePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const admin = isAdminAccount(useAccount());
  const id = Number(useParams().id);
  const article = useKbArticle(id);
  const categories = useKbCategories();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const back = (
    <Button
      component={RouterLink}
      to={paths.knowledgeBase}
      color="inherit"
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 2 }}
    >
      {t('kb.backToList')}
    </Button>
  );

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (article.isError && isApiError(article.error) && article.error.status === 404)
  ) {
    return (
      <>
        {back}
        <Alert severity="warning" data-testid="kb-article-not-found">
          {t('kb.notFound')}
        </Alert>
      </>
    );
  }
  if (article.isError) {
    return (
      <>
        {back}
        <Alert severity="error">{errorMessage(article.error)}</Alert>
      </>
    );
  }
  if (!article.data) {
    return (
      <>
        {back}
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </>
    );
  }

  const data = article.data;
  return (
    <>
      <title>{`${data.title} | Linedesk`}</title>
      {back}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2, mb: { xs: 3, md: 4 } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            data-testid="kb-article-title"
            sx={{ wordBreak: 'break-word' }}
          >
            {data.title}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" label={data.category_name} />
            {!data.published && <Chip size="small" label={t('kb.draft')} />}
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('kb.updated', { date: formatDate(data.updated_at, i18n.resolvedLanguage) })}
            </Typography>
          </Stack>
        </Box>
        {admin && (
          <Stack direction="row" sx={{ gap: 1.5 }}>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<EditOutlinedIcon />}
              onClick={() => setEditing(true)}
              data-testid="kb-article-edit"
            >
              {t('common.edit')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => setDeleting(true)}
              data-testid="kb-article-delete"
            >
              {t('common.delete')}
            </Button>
          </Stack>
        )}
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <MarkdownView source={data.body} testId="kb-article-body" />
        </CardContent>
      </Card>
      {admin && (
        <>
          <KbArticleDialog
            open={editing}
            article={data}
            categories={categories.data ?? []}
            onClose={() => setEditing(false)}
          />
          <KbDeleteArticleDialog
            open={deleting}
            article={data}
            onClose={() => setDeleting(false)}
            onDeleted={() => void navigate(paths.knowledgeBase)}
          />
        </>
      )}
    </>
  );
}
