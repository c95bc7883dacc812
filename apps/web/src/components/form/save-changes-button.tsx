import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

type SaveChangesButtonProps = {
  /** The save is under way: the button spins. */
  pending: boolean;
  /** Something was changed; until then there is nothing to save. */
  dirty: boolean;
  testId: string;
};

/** The submit button under an edit form, at its right. */
export function SaveChangesButton({ pending, dirty, testId }: SaveChangesButtonProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
      <Button type="submit" variant="contained" loading={pending} disabled={!dirty} data-testid={testId}>
        {t('common.saveChanges')}
      </Button>
    </Stack>
  );
}
