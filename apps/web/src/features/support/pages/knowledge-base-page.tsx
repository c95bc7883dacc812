import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAdminAccount, type KbArticle } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { KbArticleDialog } from '../components/kb-article-dialog';
import { KbCategoryDialog } from '../components/kb-category-dialog';
import { KbCategorySection } from '../components/kb-category-section';
import { KbDeleteArticleDialog } from '../components/kb-delete-article-dialog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import {
  useDeleteKbCategory,
  useKbArticles,
  useKbCategories,
  useReorderKbArticles,
  useUpdateKbArticle,
} from '../hooks/use-knowledge-base';
import { groupArticles, moveArticle, type KbSection } from '../lib/kb-order';

// The article stays set while a dialog closes, so its text does not change mid-animation.
type DialogState = { open: boolean; article: KbArticle | null };
const closed: DialogState = { open: false, article: null };
type CategoryDialogState = { open: boolean; category: KbSection['category'] | null };
const closedCategory: CategoryDialogState = { open: false, category: null };

export function KnowledgeBasePage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const admin = isAdminAccount(useAccount());
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const categories = useKbCategories();
  const articles = useKbArticles(search);
  const reorder = useReorderKbArticles();
  const update = useUpdateKbArticle();
  const [editing, setEditing] = useState<DialogState>(closed);
  const [deleting, setDeleting] = useState<DialogState>(closed);
  const [addingCategory, setAddingCategory] = useState(false);
  const [deletingCategory, setDeletingCategory] = useState<CategoryDialogState>(closedCategory);
  const removeCategory = useDeleteKbCategory();

  const categoryList = categories.data ?? [];
  const sections = articles.data ? groupArticles(categoryList, articles.data.items, admin && !search) : [];
  const busy = reorder.isPending || update.isPending;

  const onMove = (list: KbArticle[], article: KbArticle, direction: -1 | 1) => {
    const ids = moveArticle(list, article.id, direction);
    if (ids) reorder.mutate(ids, { onError: (error) => snackbar(errorMessage(error), 'error') });
  };

  const onTogglePublished = (article: KbArticle) =>
    update.mutate(
      { id: article.id, body: { published: !article.published } },
      {
        onSuccess: () => snackbar(t('kb.editor.saved')),
        onError: (error) => snackbar(errorMessage(error), 'error'),
      },
    );

  const error = categories.error ?? articles.error;
  return (
    <>
      <PageHeading
        title={t('kb.title')}
        description={t('kb.subtitle')}
        action={
          admin && (
            <Stack direction="row" sx={{ gap: 1.5 }}>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<CreateNewFolderOutlinedIcon />}
                onClick={() => setAddingCategory(true)}
                data-testid="kb-new-category"
              >
                {t('kb.newCategory')}
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditing({ open: true, article: null })}
                disabled={categoryList.length === 0}
                data-testid="kb-new-article"
              >
                {t('kb.newArticle')}
              </Button>
            </Stack>
          )
        }
      />
      <TextField
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        placeholder={t('kb.search')}
        fullWidth
        sx={{ mb: 3, maxWidth: 560 }}
        slotProps={{
          htmlInput: { 'aria-label': t('kb.search'), 'data-testid': 'kb-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon sx={{ color: 'text.disabled' }} />
              </InputAdornment>
            ),
          },
        }}
      />
      {admin && categories.data && categoryList.length === 0 && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('kb.needCategory')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(error)}
        </Alert>
      )}
      {(categories.isPending || articles.isPending) && (
        <Stack sx={{ gap: 3 }}>
          {[0, 1].map((row) => (
            <Skeleton key={row} variant="rounded" height={160} />
          ))}
        </Stack>
      )}
      {articles.data && categories.data && sections.length === 0 && (
        <Card sx={{ py: 8, px: 3, textAlign: 'center' }} data-testid="kb-empty">
          <MenuBookOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
          {search ? (
            <Typography variant="h6">{t('kb.noResults', { search })}</Typography>
          ) : (
            <>
              <Typography variant="h6">{t('kb.emptyTitle')}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('kb.emptyText')}
              </Typography>
            </>
          )}
        </Card>
      )}
      {categories.data && sections.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          {sections.map((section) => (
            <KbCategorySection
              key={section.category.id}
              category={section.category}
              articles={section.articles}
              admin={admin}
              canReorder={!search}
              busy={busy}
              onMove={(article, direction) => onMove(section.articles, article, direction)}
              onTogglePublished={onTogglePublished}
              onEdit={(article) => setEditing({ open: true, article })}
              onDelete={(article) => setDeleting({ open: true, article })}
              onDeleteCategory={() => setDeletingCategory({ open: true, category: section.category })}
            />
          ))}
        </Box>
      )}

      {admin && (
        <>
          <KbArticleDialog
            open={editing.open}
            article={editing.article}
            categories={categoryList}
            onClose={() => setEditing((state) => ({ ...state, open: false }))}
          />
          <KbDeleteArticleDialog
            open={deleting.open}
            article={deleting.article}
            onClose={() => setDeleting((state) => ({ ...state, open: false }))}
          />
          <KbCategoryDialog open={addingCategory} onClose={() => setAddingCategory(false)} />
          <DeleteDialog
            open={deletingCategory.open}
            item={deletingCategory.category}
            idOf={(category) => category.id}
            title={t('kb.deleteCategoryTitle')}
            message={t('kb.deleteCategoryText', { name: deletingCategory.category?.name ?? '' })}
            mutation={removeCategory}
            errorText={errorMessage}
            errorTestId="kb-category-delete-error"
            onClose={() => setDeletingCategory((state) => ({ ...state, open: false }))}
            onDeleted={() => {
              snackbar(t('kb.categoryDeleted'));
              setDeletingCategory((state) => ({ ...state, open: false }));
            }}
          />
        </>
      )}
    </>
  );
}
