import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { agentEndpoints } from '@linedesk/shared';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../lib/paths';
import { AgentCallResult } from '../components/agent-call-result';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { ALL_SERVERS, useAgentCall, useServers } from '../hooks/use-servers';
import { agentAddress } from '../lib/check-rows';
import {
  agentCallFormSchema,
  agentEndpointFields,
  agentEndpointRoutes,
  type AgentCallField,
  displayDateFromToday,
  enabledChoices,
  toAgentCallBody,
  type AgentCallFormValues,
} from '../lib/agent-call-form';

const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** The text fields an endpoint may take, in the order they show. */
const agentTextFields = [
  { name: 'username', kind: 'text', label: 'servers.testApi.lineUsername' },
  { name: 'password', kind: 'password', label: 'servers.testApi.linePassword' },
  {
    name: 'expiryDate',
    kind: 'date',
    label: 'servers.testApi.expiryDate',
    help: 'servers.testApi.dateFormat',
  },
  {
    name: 'newPassword',
    kind: 'password',
    label: 'servers.testApi.newPassword',
    help: 'servers.testApi.leaveEmpty',
  },
  {
    name: 'newExpiryDate',
    kind: 'date',
    label: 'servers.testApi.newExpiryDate',
    help: 'servers.testApi.dateFormatOptional',
  },
] as const satisfies readonly { name: AgentCallField; kind: string; label: string; help?: string }[];

// Line names and passwords typed here are for the agent, not for the browser to remember or fill in.
const textAutoComplete = { text: 'off', password: 'new-password', date: undefined } as const;

export function TestApiPage() {
  const { t } = useTranslation();
  const errorMessage = useServerErrorMessage();
  const servers = useServers(ALL_SERVERS);
  const call = useAgentCall();
  const { control, handleSubmit, getValues, setValue } = useForm<AgentCallFormValues>({
    resolver: zodResolver(agentCallFormSchema),
    defaultValues: {
      serverId: '',
      endpoint: 'health',
      username: '',
      password: '',
      expiryDate: displayDateFromToday(30),
      newPassword: '',
      newExpiryDate: '',
      enabled: '',
    },
  });
  const endpoint = useWatch({ control, name: 'endpoint' });
  const fields = agentEndpointFields[endpoint];

  // Start on the newest server, so the common case is one click.
  const firstId = servers.data?.items[0]?.id;
  useEffect(() => {
    if (firstId !== undefined && !getValues('serverId')) setValue('serverId', String(firstId));
  }, [firstId, getValues, setValue]);

  const onSubmit = handleSubmit((values) =>
    call.mutate({ id: Number(values.serverId), body: toAgentCallBody(values) }),
  );

  const noServers = servers.data?.total === 0;

  return (
    <>
      <PageHeading title={t('servers.testApi.title')} description={t('servers.testApi.subtitle')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Card>
          <CardHeader title={t('servers.testApi.request')} />
          <CardContent>
            {noServers ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" component={RouterLink} to={paths.serversAdd}>
                    {t('servers.manage.add')}
                  </Button>
                }
              >
                {t('servers.testApi.noServers')}
              </Alert>
            ) : (
              <Box component="form" noValidate onSubmit={onSubmit} data-testid="agent-call-form">
                <Stack sx={{ gap: 3 }}>
                  <FormTextField
                    control={control}
                    name="serverId"
                    label={t('servers.testApi.server')}
                    select
                    disabled={!servers.data}
                    slotProps={{
                      select: { SelectDisplayProps: { 'data-testid': 'agent-server-select' } as object },
                    }}
                  >
                    {(servers.data?.items ?? []).map((server) => (
                      <MenuItem
                        key={server.id}
                        value={String(server.id)}
                        data-testid={`agent-server-option-${server.id}`}
                      >
                        <ListItemText
                          primary={server.server_name}
                          secondary={agentAddress(server)}
                          sx={{ my: 0 }}
                        />
                      </MenuItem>
                    ))}
                  </FormTextField>
                  <FormTextField
                    control={control}
                    name="endpoint"
                    label={t('servers.testApi.endpoint')}
                    select
                    slotProps={{
                      select: { SelectDisplayProps: { 'data-testid': 'agent-endpoint-select' } as object },
                    }}
                  >
                    {agentEndpoints.map((value) => (
                      <MenuItem key={value} value={value} data-testid={`agent-endpoint-option-${value}`}>
                        <Box
                          component="span"
                          sx={{
                            display: 'inline-block',
                            fontFamily: monospace,
                            fontWeight: 600,
                            minWidth: 64,
                          }}
                        >
                          {agentEndpointRoutes[value].method}
                        </Box>
                        <Box component="span" sx={{ fontFamily: monospace, mr: 1.5 }}>
                          {agentEndpointRoutes[value].path}
                        </Box>
                        <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
                          {t(`servers.testApi.endpoints.${value}`)}
                        </Box>
                      </MenuItem>
                    ))}
                  </FormTextField>
                  {fields.length === 0 && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {endpoint === 'health'
                        ? t('servers.testApi.noFieldsNoLogin')
                        : t('servers.testApi.noFields')}
                    </Typography>
                  )}
                  {agentTextFields
                    .filter((field) => fields.includes(field.name))
                    .map((field) => (
                      <FormTextField
                        key={field.name}
                        control={control}
                        name={field.name}
                        label={t(field.label)}
                        password={field.kind === 'password'}
                        autoComplete={textAutoComplete[field.kind]}
                        placeholder={field.kind === 'date' ? 'DD-MM-YYYY' : undefined}
                        helperText={'help' in field ? t(field.help) : undefined}
                      />
                    ))}
                  {fields.includes('enabled') && (
                    <FormTextField
                      control={control}
                      name="enabled"
                      label={t('servers.testApi.enabled')}
                      select
                      slotProps={{
                        select: {
                          displayEmpty: true,
                          SelectDisplayProps: { 'data-testid': 'agent-enabled-select' },
                        } as object,
                      }}
                    >
                      {enabledChoices.map((choice) => (
                        <MenuItem key={choice} value={choice}>
                          {t(`servers.testApi.enabledChoice.${choice || 'unchanged'}`)}
                        </MenuItem>
                      ))}
                    </FormTextField>
                  )}
                  <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      type="submit"
                      variant="contained"
                      startIcon={<SendOutlinedIcon />}
                      loading={call.isPending}
                      loadingPosition="start"
                      disabled={!servers.data}
                      data-testid="agent-send"
                    >
                      {t('servers.testApi.send')}
                    </Button>
                  </Stack>
                </Stack>
              </Box>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader title={t('servers.testApi.result')} />
          <CardContent>
            {call.isError && (
              <Alert severity="error" data-testid="agent-call-error">
                {errorMessage(call.error)}
              </Alert>
            )}
            {call.data && !call.isError && <AgentCallResult result={call.data} />}
            {!call.data && !call.isError && (
              <Typography variant="body2" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
                {t('servers.testApi.empty')}
              </Typography>
            )}
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
