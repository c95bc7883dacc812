import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Group } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { DeleteGroupDialog } from '../components/delete-group-dialog';
import { GroupFormDialog } from '../components/group-form-dialog';
import { GroupsTable } from '../components/groups-table';
import { TierPricesDialog } from '../components/tier-prices-dialog';
import { useGroups } from '../hooks/use-groups';

// The group stays set while a dialog closes, so its text does not change mid-animation.
type DialogState = { open: boolean; group: Group | null };
const closed: DialogState = { open: false, group: null };

export function ManageGroupsPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const groups = useGroups();
  const [form, setForm] = useState<DialogState>(closed);
  const [deleting, setDeleting] = useState<DialogState>(closed);
  const [pricing, setPricing] = useState<DialogState>(closed);

  return (
    <>
      <PageHeading
        title={t('groups.title')}
        description={t('groups.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setForm({ open: true, group: null })}
            data-testid="group-create-button"
          >
            {t('groups.newGroup')}
          </Button>
        }
      />
      <Card>
        {groups.isPending && (
          <Stack sx={{ p: 3, gap: 1.5 }}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={48} />
            ))}
          </Stack>
        )}
        {groups.isError && (
          <Alert severity="error" sx={{ m: 3 }}>
            {errorMessage(groups.error)}
          </Alert>
        )}
        {groups.data && (
          <GroupsTable
            groups={groups.data}
            onEdit={(group) => setForm({ open: true, group })}
            onDelete={(group) => setDeleting({ open: true, group })}
            onPrices={(group) => setPricing({ open: true, group })}
          />
        )}
      </Card>

      <GroupFormDialog
        open={form.open}
        group={form.group}
        onClose={() => setForm((state) => ({ ...state, open: false }))}
        onSaved={(group) => {
          snackbar(
            form.group
              ? t('groups.updateSuccess', { name: group.name })
              : t('groups.createSuccess', { name: group.name }),
          );
          setForm((state) => ({ ...state, open: false }));
        }}
      />
      <TierPricesDialog
        open={pricing.open}
        group={pricing.group}
        onClose={() => setPricing((state) => ({ ...state, open: false }))}
      />
      <DeleteGroupDialog
        open={deleting.open}
        group={deleting.group}
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        onDeleted={(group) => {
          snackbar(t('groups.deleteSuccess', { name: group.name }));
          setDeleting((state) => ({ ...state, open: false }));
        }}
      />
    </>
  );
}
