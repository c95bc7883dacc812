import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { Line } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useConnectionLine } from '../hooks/use-connection-line';
import { ConnectionLineBox } from './connection-line-box';

/** On the line's page: the line the customer types into their receiver, ready to copy again. */
export function ConnectionLineCard({ line }: { line: Line }) {
  const { t } = useTranslation();
  const text = useConnectionLine()(line);
  return (
    <Card data-testid="line-connection-card">
      <CardHeader title={t('linesBulk.connection.title')} />
      <CardContent>
        {text ? (
          <ConnectionLineBox
            text={text}
            copyLabel={t('linesBulk.connection.copy')}
            testId="line-connection-line"
            copyTestId="line-connection-copy"
          />
        ) : (
          <Alert severity="info" data-testid="line-connection-unknown">
            {t('linesBulk.connection.unknown')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
