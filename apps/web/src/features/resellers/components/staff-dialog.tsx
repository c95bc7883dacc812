import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { staffRoles, type ManagedAccount, type StaffRole } from '@linedesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { accountKeys } from '../api/accounts-api';
import { resellerTermsApi } from '../api/reseller-terms-api';
import { useAccounts } from '../hooks/use-accounts';

type Props = { account: ManagedAccount | null; onClose: () => void };

/**
 * An account's staff role (admins): none, support, billing or operations, over every account or one
 * reseller's subtree. What each role may do is the server's rule; this only picks.
 */
export function StaffDialog({ account, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={account !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="staff-dialog-title"
    >
      <DialogTitle id="staff-dialog-title">{t('staff.title', { email: account?.email ?? '' })}</DialogTitle>
      {account && <StaffForm key={account.id} account={account} onClose={onClose} />}
    </Dialog>
  );
}

type Scope = { id: string; email: string };

function StaffForm({ account, onClose }: { account: ManagedAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<StaffRole | 'none'>(account.staff?.role ?? 'none');
  const [scope, setScope] = useState<Scope | null>(
    account.staff?.scope_id ? { id: account.staff.scope_id, email: account.staff.scope_id } : null,
  );
  const [search, setSearch] = useState('');
  const accounts = useAccounts({
    page: 1,
    pageSize: 25,
    search: useDebouncedValue(search.trim()) || undefined,
  });
  const options: Scope[] = (accounts.data?.items ?? [])
    .filter((item) => item.id !== account.id)
    .map((item) => ({ id: item.id, email: item.email }));
  const save = useMutation({
    mutationFn: () =>
      resellerTermsApi.setStaff(account.id, {
        role: role === 'none' ? null : role,
        scope_id: role === 'none' ? null : (scope?.id ?? null),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      snackbar(t('staff.saved', { email: account.email }));
      onClose();
    },
  });

  return (
    <>
      <DialogContent data-testid="staff-dialog">
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('staff.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole | 'none')}
            slotProps={{ htmlInput: { 'data-testid': 'staff-role' } }}
          >
            <MenuItem value="none">{t('staff.roles.none')}</MenuItem>
            {staffRoles.map((value) => (
              <MenuItem key={value} value={value} data-testid={`staff-role-${value}`}>
                {t(`staff.roles.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          {role !== 'none' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`staff.hints.${role}`)}
            </Typography>
          )}
          {role !== 'none' && (
            <Autocomplete
              options={options}
              value={scope}
              onChange={(_event, value) => setScope(value)}
              onInputChange={(_event, value) => setSearch(value)}
              getOptionLabel={(option) => option.email}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              filterOptions={(all) => all}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('staff.scope')}
                  placeholder={t('staff.allAccounts')}
                  helperText={t('staff.scopeHint')}
                />
              )}
            />
          )}
          {save.isError && (
            <Typography role="alert" color="error" data-testid="staff-error">
              {errorMessage(save.error)}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('staff.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => save.mutate()}
          loading={save.isPending}
          data-testid="staff-save"
        >
          {t('staff.save')}
        </Button>
      </DialogActions>
    </>
  );
}
