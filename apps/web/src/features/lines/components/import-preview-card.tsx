import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lineImportRowFilters, type LineImportOptions, type LineImportRow } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useLineImportPreview } from '../hooks/use-line-import';

const PAGE_SIZE = 50;

/**
 * The entry the row's server will hold, and each setting written otherwise than the file has it: an
 * import that would change what a customer receives says so row by row.
 */
function WrittenEntry({ row }: { row: LineImportRow }) {
  const { t } = useTranslation();
  if (row.entry === null && row.differences.length === 0) return <>—</>;
  return (
    <Stack sx={{ gap: 0.5, minWidth: 220 }}>
      {row.entry !== null && (
        <Box
          component="pre"
          data-testid="import-entry"
          sx={{ m: 0, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {row.entry}
        </Box>
      )}
      {row.differences.length === 0 ? (
        <Typography variant="caption" color="success.main">
          {t('linesImport.keptWhole')}
        </Typography>
      ) : (
        row.differences.map((difference) => (
          <Typography
            key={difference.key}
            variant="caption"
            color="warning.main"
            data-testid="import-difference"
          >
            {t('linesImport.difference', {
              key: difference.key,
              file: difference.file ?? t('linesImport.absent'),
              written: difference.written ?? t('linesImport.absent'),
            })}
          </Typography>
        ))
      )}
    </Stack>
  );
}
type Filter = (typeof lineImportRowFilters)[number];

type ImportPreviewCardProps = {
  importId: number;
  options: LineImportOptions;
  starting: boolean;
  startError: string | null;
  onStart: () => void;
};

/**
 * The dry run: totals, credits per paying owner, and the rows one server page at a time (a file of
 * 20,000 rows never comes to the browser whole), each with its verdict or reason.
 */
export function ImportPreviewCard({
  importId,
  options,
  starting,
  startError,
  onStart,
}: ImportPreviewCardProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const preview = useLineImportPreview(importId, { ...options, status: filter, page, page_size: PAGE_SIZE });
  const data = preview.data;
  const reason = (row: LineImportRow) =>
    row.code && i18n.exists(`errors.${row.code}`)
      ? t(`errors.${row.code}` as 'errors.INTERNAL', row.params ?? {})
      : (row.code ?? '');

  return (
    <Card>
      <CardContent>
        <Stack sx={{ gap: 2 }} data-testid="import-preview">
          <Typography variant="h6">{t('linesImport.previewStep')}</Typography>
          {preview.error && <Alert severity="error">{errorMessage(preview.error)}</Alert>}
          {data && (
            <>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Chip
                  color="success"
                  label={t('linesImport.totals.ok', { count: data.ok })}
                  data-testid="import-ok"
                />
                <Chip label={t('linesImport.totals.skipped', { count: data.skipped })} />
                <Chip
                  color={data.refused > 0 ? 'error' : 'default'}
                  label={t('linesImport.totals.refused', { count: data.refused })}
                  data-testid="import-refused"
                />
              </Stack>
              {data.differing > 0 && (
                <Alert severity="warning" data-testid="import-differing">
                  {t('linesImport.differing', { count: data.differing })}
                </Alert>
              )}
              {data.ambiguous_dates > 0 && (
                <Alert severity="info">
                  {t('linesImport.ambiguousDates', { count: data.ambiguous_dates })}
                </Alert>
              )}
              {data.charges.map((owner) => (
                <Alert key={owner.owner_id} severity={owner.sufficient ? 'info' : 'warning'}>
                  {t('linesImport.ownerCharge', {
                    email: owner.owner_email ?? owner.owner_id,
                    count: owner.lines,
                    credits: owner.credits,
                    balance: owner.balance ?? 0,
                  })}
                </Alert>
              ))}
              <ToggleButtonGroup
                exclusive
                size="small"
                value={filter}
                onChange={(_event, next: Filter | null) => {
                  if (next) {
                    setFilter(next);
                    setPage(1);
                  }
                }}
                sx={{ flexWrap: 'wrap' }}
              >
                {lineImportRowFilters.map((value) => (
                  <ToggleButton key={value} value={value}>
                    {t(`linesImport.filters.${value}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('linesImport.columns.row')}</TableCell>
                      <TableCell>{t('linesImport.fields.username')}</TableCell>
                      <TableCell>{t('linesImport.fields.owner_email')}</TableCell>
                      <TableCell>{t('linesImport.fields.expiry')}</TableCell>
                      <TableCell>{t('linesImport.columns.result')}</TableCell>
                      <TableCell>{t('linesImport.columns.entry')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((row) => (
                      <TableRow
                        key={row.row}
                        data-testid="import-row"
                        data-status={row.status}
                        data-differs={row.differences.length > 0}
                      >
                        <TableCell>{row.row}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{row.username}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{row.owner_email ?? '—'}</TableCell>
                        <TableCell>{row.expiry_date ?? '—'}</TableCell>
                        <TableCell sx={{ color: row.status === 'refused' ? 'error.main' : undefined }}>
                          {row.status === 'ok'
                            ? t('linesImport.status.ok', { count: row.charge })
                            : reason(row)}
                        </TableCell>
                        <TableCell>
                          <WrittenEntry row={row} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePagination
                component="div"
                count={data.matching}
                page={page - 1}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
                onPageChange={(_event, next) => setPage(next + 1)}
              />
            </>
          )}
          {startError && <Alert severity="error">{startError}</Alert>}
          <Box>
            <Button
              variant="contained"
              onClick={onStart}
              disabled={!data || data.ok + data.skipped === 0 || starting || preview.isFetching}
              data-testid="import-start"
            >
              {t('linesImport.start', { count: data?.ok ?? 0 })}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
