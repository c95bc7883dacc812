import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { AccountsPanel } from '../components/accounts-panel';
import { CreateAccountDialog } from '../components/create-account-dialog';
import type { AccountAction } from '../lib/account-actions';

const adminActions: AccountAction[] = [
  'add',
  'set',
  'group',
  'edit',
  'ledger',
  'terms',
  'staff',
  'resend',
  'ban',
  'sessions',
];

/** /resellers (admin): every account, with everything an admin may do to one. */
export function ResellersPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeading
        title={t('resellers.title')}
        description={t('resellers.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setCreating(true)}
            data-testid="account-create-button"
          >
            {t('resellers.create.button')}
          </Button>
        }
      />
      <AccountsPanel actions={adminActions} showOwner view="management" />
      <CreateAccountDialog
        open={creating}
        admin
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          snackbar(
            t(result.invited ? 'resellers.create.invited' : 'resellers.create.created', {
              email: result.account.email,
            }),
          );
          setCreating(false);
        }}
      />
    </>
  );
}
