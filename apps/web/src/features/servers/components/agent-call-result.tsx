import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AgentCallResult as Result } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from '../hooks/use-server-messages';

function JsonBlock({ value, testId }: { value: unknown; testId: string }) {
  const { t } = useTranslation();
  const empty = value === null || value === undefined;
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        m: 0,
        p: 2,
        borderRadius: 1,
        bgcolor: 'grey.100',
        color: empty ? 'text.secondary' : 'text.primary',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        lineHeight: 1.6,
        overflowX: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {empty
        ? t('servers.testApi.noBody')
        : typeof value === 'string'
          ? value
          : JSON.stringify(value, null, 2)}
    </Box>
  );
}

function statusColor(status: number) {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400 && status < 500) return 'warning';
  return 'error';
}

/** What was sent to the agent and what came back, as the operator needs it for diagnosis. */
export function AgentCallResult({ result }: { result: Result }) {
  const { t } = useTranslation();
  const serverMessage = useServerMessage();
  return (
    <Stack sx={{ gap: 3 }} data-testid="agent-result">
      <Box>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {t('servers.testApi.request')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
          <Chip size="small" color="info" label={result.request.method} data-testid="agent-request-method" />
          <Typography
            variant="body2"
            data-testid="agent-request-url"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              wordBreak: 'break-all',
            }}
          >
            {result.request.url}
          </Typography>
        </Stack>
        <JsonBlock value={result.request.body} testId="agent-request-body" />
      </Box>
      <Box>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {t('servers.testApi.response')}
        </Typography>
        {result.response ? (
          <>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1.5 }}>
              <Chip
                size="small"
                color={statusColor(result.response.status)}
                label={t('servers.testApi.httpStatus', { status: result.response.status })}
                data-testid="agent-response-status"
                data-status={result.response.status}
              />
              <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="agent-duration">
                {t('servers.testApi.duration', { ms: result.duration_ms })}
              </Typography>
            </Stack>
            <JsonBlock value={result.response.body} testId="agent-response-body" />
          </>
        ) : (
          <Alert severity="error" data-testid="agent-error">
            {result.error ? serverMessage(result.error) : t('servers.testApi.noResponse')}
            <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
              {t('servers.testApi.duration', { ms: result.duration_ms })}
            </Typography>
          </Alert>
        )}
      </Box>
    </Stack>
  );
}
