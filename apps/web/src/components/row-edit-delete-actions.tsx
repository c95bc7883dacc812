import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

type RowEditDeleteActionsProps = {
  onEdit: () => void;
  onDelete: () => void;
  /** Accessible names that say which row, e.g. "Edit Resellers". */
  editLabel: string;
  deleteLabel: string;
  /** Prefix for `<prefix>-edit-button` / `<prefix>-delete-button` test ids. */
  testIdPrefix: string;
  size?: 'small' | 'medium';
};

/** The edit and delete buttons at the end of a management table row. */
export function RowEditDeleteActions(props: RowEditDeleteActionsProps) {
  const { onEdit, onDelete, editLabel, deleteLabel, testIdPrefix, size = 'medium' } = props;
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('common.edit')}>
        <IconButton
          size={size}
          onClick={onEdit}
          aria-label={editLabel}
          data-testid={`${testIdPrefix}-edit-button`}
        >
          <EditOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('common.delete')}>
        <IconButton
          size={size}
          color="error"
          onClick={onDelete}
          aria-label={deleteLabel}
          data-testid={`${testIdPrefix}-delete-button`}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
