import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { KbArticle, KbCategory } from '@linedesk/shared';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useCreateKbArticle, useUpdateKbArticle } from '../hooks/use-knowledge-base';
import { kbArticleFormSchema, type KbArticleFormValues } from '../lib/support-forms';
import { MarkdownView } from './markdown-view';

type KbArticleDialogProps = {
  open: boolean;
  /** null = a new article. */
  article: KbArticle | null;
  categories: KbCategory[];
  onClose: () => void;
  onSaved?: (article: KbArticle) => void;
};

function defaults(article: KbArticle | null, categories: KbCategory[]): KbArticleFormValues {
  return {
    title: article?.title ?? '',
    body: article?.body ?? '',
    category_id: String(article?.category_id ?? categories[0]?.id ?? ''),
    published: article?.published ?? false,
  };
}

/** Admins write articles in Markdown and see the rendered result next to it as they type. */
export function KbArticleDialog({ open, article, categories, onClose, onSaved }: KbArticleDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const create = useCreateKbArticle();
  const update = useUpdateKbArticle();
  const mutation = article ? update : create;
  const { control, handleSubmit, reset } = useForm<KbArticleFormValues>({
    resolver: zodResolver(kbArticleFormSchema),
    defaultValues: defaults(article, categories),
  });
  const body = useWatch({ control, name: 'body' });

  useEffect(() => {
    if (open) reset(defaults(article, categories));
    // Only when the dialog opens: a live refresh of the categories must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, article]);

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    const payload = {
      title: values.title,
      body: values.body,
      category_id: Number(values.category_id),
      published: values.published,
    };
    const done = (saved: KbArticle) => {
      snackbar(t('kb.editor.saved'));
      onSaved?.(saved);
      close();
    };
    if (article) update.mutate({ id: article.id, body: payload }, { onSuccess: done });
    else create.mutate(payload, { onSuccess: done });
  });

  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : close} fullWidth maxWidth="lg">
      <form noValidate onSubmit={onSubmit} data-testid="kb-article-form">
        <DialogTitle>{article ? t('kb.editor.editTitle') : t('kb.editor.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {mutation.isError && <Alert severity="error">{errorMessage(mutation.error)}</Alert>}
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr auto' } }}>
              <FormTextField control={control} name="title" label={t('kb.editor.title')} required autoFocus />
              <FormTextField
                control={control}
                name="category_id"
                label={t('kb.editor.category')}
                select
                required
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': 'kb-category-select' } as object },
                }}
              >
                {categories.map((category) => (
                  <MenuItem key={category.id} value={String(category.id)} data-testid="kb-category-option">
                    {category.name}
                  </MenuItem>
                ))}
              </FormTextField>
              <Controller
                control={control}
                name="published"
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      label={t('kb.editor.published')}
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          slotProps={{ input: { 'data-testid': 'kb-published-switch' } as object }}
                        />
                      }
                    />
                    <FormHelperText sx={{ mt: 0, maxWidth: 220 }}>
                      {t('kb.editor.publishedHelp')}
                    </FormHelperText>
                  </Box>
                )}
              />
            </Box>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <FormTextField
                control={control}
                name="body"
                label={t('kb.editor.body')}
                multiline
                minRows={16}
                maxRows={28}
                helperText={t('kb.editor.bodyHelp')}
                sx={{
                  '& textarea': {
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    fontSize: 13,
                  },
                }}
              />
              <Box
                aria-label={t('kb.editor.preview')}
                sx={{
                  p: 2,
                  borderRadius: 1,
                  border: (theme) => `1px dashed ${theme.palette.divider}`,
                  maxHeight: 560,
                  overflowY: 'auto',
                }}
              >
                <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
                  {t('kb.editor.preview')}
                </Typography>
                {body.trim() ? (
                  <MarkdownView source={body} testId="kb-preview" />
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('kb.editor.previewEmpty')}
                  </Typography>
                )}
              </Box>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={close} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={mutation.isPending}
            data-testid="kb-article-submit"
          >
            {t('kb.editor.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
