import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { Line } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useConnectionLine } from '../hooks/use-connection-line';
import { CopyButton } from './copy-button';

/** On the line's page: the line the customer types into their receiver, ready to copy again. */
export function ConnectionLineCard({ line }: { line: Line }) {
  const { t } = useTranslation();
  const text = useConnectionLine()(line);
  return (
    <Card data-testid="line-connection-card">
      <CardHeader title={t('linesBulk.connection.title')} />
      <CardContent>
        {text ? (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              pl: 2,
              pr: 1,
              py: 1.5,
              borderRadius: 1.5,
              bgcolor: 'grey.900',
              color: 'common.white',
              '& .MuiIconButton-root': { color: 'grey.400' },
            }}
          >
            <Box
              component="code"
              data-testid="line-connection-line"
              sx={{ flexGrow: 1, minWidth: 0, fontSize: 14, wordBreak: 'break-all', fontFamily: 'monospace' }}
            >
              {text}
            </Box>
            <CopyButton text={text} label={t('linesBulk.connection.copy')} testId="line-connection-copy" />
          </Box>
        ) : (
          <Alert severity="info" data-testid="line-connection-unknown">
            {t('linesBulk.connection.unknown')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
