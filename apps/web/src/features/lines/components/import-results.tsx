import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LineImport } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

type ImportResultsProps = { record: LineImport; serverId: number | null };

/**
 * A finished import by name: the lines it made, the rows it refused with their reasons (the first
 * ones; results.csv has every row), and the way back to the lines on the server it filled.
 */
export function ImportResults({ record, serverId }: ImportResultsProps) {
  const { t, i18n } = useTranslation();
  const results = record.results;
  if (!results) return null;
  const reason = (code: string | null, params: Record<string, string | number> | null) =>
    code && i18n.exists(`errors.${code}`)
      ? t(`errors.${code}` as 'errors.INTERNAL', params ?? {})
      : (code ?? '');
  const moreImported = record.imported - results.imported.length;
  const moreRefused = record.refused - results.refused.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="import-results">
      {results.imported.length > 0 && (
        <Box>
          <Typography variant="subtitle2">
            {t('linesImport.results.imported', { count: record.imported })}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="import-results-imported">
            {results.imported.join(', ')}
            {moreImported > 0 && ` ${t('linesImport.results.more', { count: moreImported })}`}
          </Typography>
        </Box>
      )}
      {results.refused.length > 0 && (
        <Box>
          <Typography variant="subtitle2">
            {t('linesImport.results.refused', { count: record.refused })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="import-results-refused">
            {results.refused.map((row) => (
              <Typography component="li" variant="body2" key={row.row} data-username={row.username ?? ''}>
                {t('linesImport.results.refusedRow', {
                  row: row.row,
                  username: row.username ?? '—',
                  reason: reason(row.code, row.params),
                })}
              </Typography>
            ))}
          </Box>
          {moreRefused > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('linesImport.results.more', { count: moreRefused })}
            </Typography>
          )}
        </Box>
      )}
      {serverId !== null && record.imported + record.skipped > 0 && (
        <Box>
          <Button
            variant="contained"
            component={RouterLink}
            to={`${paths.linesAll}?server_id=${serverId}`}
            data-testid="import-show-lines"
          >
            {t('linesImport.results.showLines')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
