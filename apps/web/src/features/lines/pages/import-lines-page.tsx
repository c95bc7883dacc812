import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  importFormatRefused,
  lineImportEncodings,
  lineImportFields,
  type LineImport,
  type LineImportField,
  type LineImportMapping,
  type LineImportOptions,
} from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { lineImportResultsUrl } from '../api/line-import-api';
import { ImportPreviewCard } from '../components/import-preview-card';
import { ImportResults } from '../components/import-results';
import { JobError } from '../components/job-error';
import { useLineImport, useStartLineImport, useUploadLineImport } from '../hooks/use-line-import';
import { useActiveServers } from '../hooks/use-lines';

const formats = ['auto', 'csv', 'cccam', 'oscam'] as const;
const NOT_MAPPED = -1;

/**
 * Import lines from a file (admins): upload a CSV, CCcam.cfg or oscam.user; map the CSV's columns;
 * see every row's verdict in a dry run with the credits it would charge; then import in the
 * background with live progress and download each row's result.
 */
export function ImportLinesPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<(typeof formats)[number]>('auto');
  const [encoding, setEncoding] = useState<(typeof lineImportEncodings)[number]>('auto');
  const [uploaded, setUploaded] = useState<LineImport | null>(null);
  const [mapping, setMapping] = useState<LineImportMapping>({});
  const [defaultExpiry, setDefaultExpiry] = useState('');
  const [charge, setCharge] = useState(false);
  // No guess: the admin picks the server the file's lines go to.
  const [serverId, setServerId] = useState('');
  const servers = useActiveServers();
  const upload = useUploadLineImport();
  const start = useStartLineImport();
  const live = useLineImport(uploaded && uploaded.status !== 'draft' ? uploaded.id : null);
  const record = live.data ?? uploaded;
  const started = record !== null && record.status !== 'draft';
  // A dead import ends too: it was given up after its last failed attempt.
  const finished = record?.status === 'done' || record?.status === 'dead';

  const options: LineImportOptions | null = useMemo(
    () =>
      serverId
        ? {
            mapping,
            charge,
            server_id: Number(serverId),
            ...(defaultExpiry.trim() ? { default_expiry: defaultExpiry.trim() } : {}),
          }
        : null,
    [mapping, charge, defaultExpiry, serverId],
  );

  const onUpload = () => {
    if (!file) return;
    upload.mutate(
      { file, format, encoding },
      {
        onSuccess: (answer) => {
          setUploaded(answer);
          setMapping(answer.suggested_mapping);
        },
      },
    );
  };
  const setField = (field: LineImportField, value: number) =>
    setMapping((current) => ({ ...current, [field]: value === NOT_MAPPED ? null : value }));
  const onStart = () => {
    if (!uploaded || !options) return;
    start.mutate({ id: uploaded.id, options }, { onSuccess: (answer) => setUploaded(answer) });
  };
  const percent = record && record.total > 0 ? Math.round((record.done / record.total) * 100) : 0;

  return (
    <>
      <PageHeading title={t('linesImport.title')} description={t('linesImport.subtitle')} />
      <Stack sx={{ gap: 3 }}>
        <Card>
          <CardContent>
            <Stack sx={{ gap: 2 }}>
              <Typography variant="h6">{t('linesImport.fileStep')}</Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
                <Button
                  variant="outlined"
                  component="label"
                  startIcon={<UploadFileOutlinedIcon />}
                  disabled={started}
                >
                  {file ? file.name : t('linesImport.chooseFile')}
                  <input
                    hidden
                    type="file"
                    accept=".csv,.txt,.cfg,.user,text/csv"
                    data-testid="import-file"
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </Button>
                <TextField
                  select
                  size="small"
                  label={t('linesImport.format')}
                  value={format}
                  onChange={(event) => setFormat(event.target.value as (typeof formats)[number])}
                  disabled={started}
                  sx={{ minWidth: 160 }}
                >
                  {formats.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`linesImport.formats.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={t('linesImport.encoding')}
                  value={encoding}
                  onChange={(event) =>
                    setEncoding(event.target.value as (typeof lineImportEncodings)[number])
                  }
                  disabled={started}
                  sx={{ minWidth: 160 }}
                >
                  {lineImportEncodings.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`linesImport.encodings.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  variant="contained"
                  onClick={onUpload}
                  disabled={!file || upload.isPending || started}
                  data-testid="import-upload"
                >
                  {t('linesImport.read')}
                </Button>
              </Stack>
              {upload.error && <Alert severity="error">{errorMessage(upload.error)}</Alert>}
              {uploaded && (
                <Typography variant="body2" color="text.secondary" data-testid="import-read">
                  {t('linesImport.readSummary', {
                    count: uploaded.total,
                    format: t(`linesImport.formats.${uploaded.format}`),
                    encoding: uploaded.encoding,
                  })}
                </Typography>
              )}
            </Stack>
          </CardContent>
        </Card>

        {uploaded && !started && (
          <Card>
            <CardContent>
              <Stack sx={{ gap: 2 }}>
                <Typography variant="h6">{t('linesImport.mappingStep')}</Typography>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
                  }}
                >
                  {lineImportFields.map((field) => (
                    <TextField
                      key={field}
                      select
                      size="small"
                      label={t(`linesImport.fields.${field}`)}
                      value={mapping[field] ?? NOT_MAPPED}
                      onChange={(event) => setField(field, Number(event.target.value))}
                      slotProps={{ htmlInput: { 'data-testid': `map-${field}` } }}
                    >
                      <MenuItem value={NOT_MAPPED}>{t('linesImport.notInFile')}</MenuItem>
                      {uploaded.columns.map((column, index) => (
                        <MenuItem key={`${column}-${index}`} value={index}>
                          {column}
                          {uploaded.sample[0]?.[index] ? ` (${uploaded.sample[0][index]})` : ''}
                        </MenuItem>
                      ))}
                    </TextField>
                  ))}
                </Box>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                  <TextField
                    select
                    size="small"
                    required
                    label={t('linesImport.server')}
                    helperText={t('linesImport.serverHelp')}
                    value={serverId}
                    onChange={(event) => setServerId(event.target.value)}
                    sx={{ minWidth: 220 }}
                    slotProps={{
                      select: { SelectDisplayProps: { 'data-testid': 'import-server' } as object },
                    }}
                  >
                    {(servers.data ?? [])
                      // A config file's accounts go only to a server whose agent writes that file.
                      // (A server not yet tested by an agent that says which is asked when picked.)
                      .filter(
                        (server) =>
                          server.backend === null || !importFormatRefused(uploaded.format, server.backend),
                      )
                      .map((server) => (
                        <MenuItem key={server.id} value={String(server.id)}>
                          {server.server_name} ({server.protocol})
                        </MenuItem>
                      ))}
                  </TextField>
                  <TextField
                    size="small"
                    label={t('linesImport.defaultExpiry')}
                    helperText={t('linesImport.defaultExpiryHelp')}
                    placeholder="DD-MM-YYYY"
                    value={defaultExpiry}
                    onChange={(event) => setDefaultExpiry(event.target.value)}
                  />
                  <FormControlLabel
                    control={
                      <Switch checked={charge} onChange={(event) => setCharge(event.target.checked)} />
                    }
                    label={t('linesImport.charge')}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {charge ? t('linesImport.chargeHelp') : t('linesImport.freeHelp')}
                </Typography>
              </Stack>
            </CardContent>
          </Card>
        )}

        {uploaded && !started && !options && (
          <Alert severity="info" data-testid="import-choose-server">
            {t('linesImport.chooseServer')}
          </Alert>
        )}

        {uploaded && !started && options && (
          <ImportPreviewCard
            importId={uploaded.id}
            options={options}
            starting={start.isPending}
            startError={start.error ? errorMessage(start.error) : null}
            onStart={onStart}
          />
        )}

        {record && started && (
          <Card>
            <CardContent>
              <Stack sx={{ gap: 2 }} data-testid="import-progress" data-finished={finished}>
                <Typography variant="h6">{t('linesImport.runStep')}</Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
                    aria-label={t('linesImport.progress', { done: record.done, total: record.total })}
                  />
                  <Typography variant="subtitle2" data-testid="import-progress-count">
                    {t('linesImport.progress', { done: record.done, total: record.total })}
                  </Typography>
                </Box>
                {record.status === 'queued' && record.attempts > 0 && (
                  <Alert severity="warning" data-testid="import-retrying" data-attempts={record.attempts}>
                    {t('linesImport.retrying', { count: record.attempts })}
                    {record.last_error && <JobError text={record.last_error} />}
                  </Alert>
                )}
                {record.status === 'dead' && (
                  <Alert
                    severity="error"
                    data-testid="import-dead"
                    data-not-done={record.total - record.done}
                  >
                    {t('linesImport.dead', { count: record.attempts, notDone: record.total - record.done })}
                    {record.last_error && <JobError text={record.last_error} />}
                  </Alert>
                )}
                {finished && (
                  <Alert
                    severity={record.refused === 0 ? 'success' : record.imported === 0 ? 'error' : 'warning'}
                    data-testid="import-summary"
                  >
                    {t('linesImport.summary', {
                      imported: record.imported,
                      skipped: record.skipped,
                      refused: record.refused,
                    })}
                  </Alert>
                )}
                {finished && <ImportResults record={record} serverId={serverId ? Number(serverId) : null} />}
                {record.charged > 0 && (
                  <Typography variant="body2">
                    {t('linesImport.charged', { count: record.charged })}
                  </Typography>
                )}
                {finished && (
                  <Box>
                    <Button
                      variant="outlined"
                      color="inherit"
                      startIcon={<FileDownloadOutlinedIcon />}
                      component="a"
                      href={lineImportResultsUrl(record.id)}
                      download
                      data-testid="import-download"
                    >
                      {t('linesImport.download')}
                    </Button>
                  </Box>
                )}
              </Stack>
            </CardContent>
          </Card>
        )}
      </Stack>
    </>
  );
}
