import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { serverProtocols } from '@linedesk/shared';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import type { ServerFormMode, ServerFormValues } from '../lib/server-form';

type ServerFormFieldsProps = { control: Control<ServerFormValues>; mode: ServerFormMode };

/** The fields of a server record, shared by the add page and the edit dialog. */
export function ServerFormFields({ control, mode }: ServerFormFieldsProps) {
  const { t } = useTranslation();
  const useTls = useWatch({ control, name: 'use_tls' });
  const protocol = useWatch({ control, name: 'protocol' });

  return (
    <Stack sx={{ gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="server_name"
          label={t('servers.fields.serverName')}
          required
          autoFocus={mode === 'create'}
        />
        <FormTextField
          control={control}
          name="protocol"
          label={t('servers.fields.protocol')}
          select
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'field-protocol-select' } as object } }}
        >
          {serverProtocols.map((protocol) => (
            <MenuItem key={protocol} value={protocol} data-testid={`protocol-option-${protocol}`}>
              {protocol}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="host_ip"
          label={t('servers.fields.hostIp')}
          required
          placeholder="203.0.113.10"
          helperText={t('servers.fields.hostIpHelp')}
          autoComplete="off"
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <FormTextField
            control={control}
            name="port"
            label={t('servers.fields.port')}
            required
            type="number"
            helperText={t('servers.fields.portHelp')}
          />
          <FormTextField
            control={control}
            name="api_port"
            label={t('servers.fields.apiPort')}
            type="number"
            helperText={t('servers.fields.apiPortHelp')}
          />
        </Box>
        <FormTextField
          control={control}
          name="hostname"
          label={t('servers.fields.hostname')}
          placeholder="tv.example.com"
          helperText={t('servers.fields.hostnameHelp')}
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="username"
          label={t('servers.fields.username')}
          required
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="password"
          label={t('servers.fields.password')}
          required={mode === 'create'}
          password
          autoComplete="new-password"
          helperText={mode === 'edit' ? t('servers.fields.passwordKeep') : t('servers.fields.passwordHelp')}
        />
        {protocol === 'NewCamd' && (
          <FormTextField
            control={control}
            name="newcamd_des_key"
            label={t('servers.fields.desKey')}
            helperText={t('servers.fields.desKeyHelp')}
            autoComplete="off"
            sx={{ gridColumn: { sm: '1 / -1' }, '& input': { fontFamily: 'monospace' } }}
          />
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="group_names"
          label={t('servers.fields.groupNames')}
          helperText={t('servers.fields.groupNamesHelp')}
          multiline
          minRows={3}
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="service_names"
          label={t('servers.fields.serviceNames')}
          helperText={t('servers.fields.serviceNamesHelp')}
          autoComplete="off"
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="use_tls"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                label={t('servers.fields.useTls')}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'field-use_tls' } as object }}
                  />
                }
              />
              <FormHelperText sx={{ mt: 0, ml: 6.5 }}>{t('servers.fields.useTlsHelp')}</FormHelperText>
            </Box>
          )}
        />
        <Controller
          control={control}
          name="tls_insecure"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                label={t('servers.fields.tlsInsecure')}
                disabled={!useTls}
                control={
                  <Switch
                    checked={useTls && field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'field-tls_insecure' } as object }}
                  />
                }
              />
              <FormHelperText sx={{ mt: 0, ml: 6.5 }}>{t('servers.fields.tlsInsecureHelp')}</FormHelperText>
            </Box>
          )}
        />
      </Box>
    </Stack>
  );
}
