import type { KbArticle } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useDeleteKbArticle } from '../hooks/use-knowledge-base';

type KbDeleteArticleDialogProps = {
  open: boolean;
  article: KbArticle | null;
  onClose: () => void;
  onDeleted?: () => void;
};

export function KbDeleteArticleDialog({ open, article, onClose, onDeleted }: KbDeleteArticleDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const remove = useDeleteKbArticle();
  return (
    <DeleteDialog
      open={open}
      item={article}
      idOf={(item) => item.id}
      title={t('kb.deleteTitle')}
      message={t('kb.deleteText', { title: article?.title ?? '' })}
      mutation={remove}
      errorText={errorMessage}
      errorTestId="kb-delete-error"
      onClose={onClose}
      onDeleted={() => {
        snackbar(t('kb.deleted'));
        onClose();
        onDeleted?.();
      }}
    />
  );
}
