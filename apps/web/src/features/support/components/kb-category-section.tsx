import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FolderDeleteOutlinedIcon from '@mui/icons-material/FolderDeleteOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KbArticle, KbCategory } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RowEditDeleteActions } from '../../../components/row-edit-delete-actions';
import { kbArticlePath } from '../lib/ticket-paths';

type KbCategorySectionProps = {
  category: Pick<KbCategory, 'id' | 'name' | 'description'>;
  articles: KbArticle[];
  admin: boolean;
  /** Reordering only makes sense on the full list, not on search results. */
  canReorder: boolean;
  busy: boolean;
  onMove: (article: KbArticle, direction: -1 | 1) => void;
  onTogglePublished: (article: KbArticle) => void;
  onEdit: (article: KbArticle) => void;
  onDelete: (article: KbArticle) => void;
  onDeleteCategory: () => void;
};

/** One category card with its articles in order; admins get order, publish, edit and delete controls. */
export function KbCategorySection(props: KbCategorySectionProps) {
  const { category, articles, admin, canReorder, busy, onMove, onTogglePublished, onEdit, onDelete } = props;
  const { onDeleteCategory } = props;
  const { t } = useTranslation();
  return (
    <Card data-testid="kb-category" data-category-id={category.id}>
      <CardHeader
        title={category.name}
        subheader={category.description ?? undefined}
        slotProps={{ title: { 'data-testid': 'kb-category-name' } as object }}
        action={
          admin && (
            <Tooltip title={t('kb.deleteCategoryNamed', { name: category.name })}>
              <IconButton
                size="small"
                onClick={onDeleteCategory}
                aria-label={t('kb.deleteCategoryNamed', { name: category.name })}
                data-testid="kb-category-delete"
              >
                <FolderDeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )
        }
      />
      {articles.length === 0 && (
        <Typography variant="body2" sx={{ px: 3, pt: 2, pb: 3, color: 'text.secondary' }}>
          {t('kb.categoryEmpty')}
        </Typography>
      )}
      <List sx={{ px: 1.5, py: 1.5, ...(articles.length === 0 && { display: 'none' }) }}>
        {articles.map((article, index) => (
          <ListItem
            key={article.id}
            disablePadding
            data-testid="kb-article-row"
            data-article-id={article.id}
            secondaryAction={
              admin ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
                  {canReorder && (
                    <>
                      <Tooltip title={t('kb.moveUp', { title: article.title })}>
                        <span>
                          <IconButton
                            size="small"
                            disabled={busy || index === 0}
                            onClick={() => onMove(article, -1)}
                            aria-label={t('kb.moveUp', { title: article.title })}
                            data-testid="kb-move-up"
                          >
                            <ArrowUpwardIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('kb.moveDown', { title: article.title })}>
                        <span>
                          <IconButton
                            size="small"
                            disabled={busy || index === articles.length - 1}
                            onClick={() => onMove(article, 1)}
                            aria-label={t('kb.moveDown', { title: article.title })}
                            data-testid="kb-move-down"
                          >
                            <ArrowDownwardIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </>
                  )}
                  <Tooltip title={t('kb.editor.published')}>
                    <Switch
                      size="small"
                      checked={article.published}
                      disabled={busy}
                      onChange={() => onTogglePublished(article)}
                      slotProps={{
                        input: {
                          'aria-label': `${t('kb.editor.published')}: ${article.title}`,
                          'data-testid': 'kb-publish-toggle',
                        } as object,
                      }}
                    />
                  </Tooltip>
                  <RowEditDeleteActions
                    size="small"
                    onEdit={() => onEdit(article)}
                    onDelete={() => onDelete(article)}
                    editLabel={t('kb.editNamed', { title: article.title })}
                    deleteLabel={t('kb.deleteNamed', { title: article.title })}
                    testIdPrefix="kb-article"
                  />
                </Box>
              ) : undefined
            }
            sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
          >
            <ListItemButton
              component={RouterLink}
              to={kbArticlePath(article.id)}
              sx={{ borderRadius: 1, pr: admin ? { xs: 30, sm: 32 } : 2 }}
              data-testid="kb-article-link"
            >
              <DescriptionOutlinedIcon sx={{ color: 'text.disabled', mr: 1.5 }} />
              <Typography variant="body2" sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0 }} noWrap>
                {article.title}
              </Typography>
              {!article.published && (
                <Chip size="small" label={t('kb.draft')} sx={{ ml: 1 }} data-testid="kb-article-draft" />
              )}
              {!admin && <ChevronRightIcon sx={{ color: 'text.disabled' }} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
