import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { LineLock } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftToLock, lockToDraft, type LockDraft } from '../lib/lock-text';

type LockEditorProps = {
  /** What is stored now (null: no lock of its own). */
  value: LineLock | null;
  pending: boolean;
  onSave: (lock: LineLock | null) => void;
  /** The label of the button that removes the lock. */
  clearLabel: string;
  testId: string;
};

/**
 * A lock's three fields (allowed countries, allowed networks, no datacenters) with its own save and
 * clear buttons: a lock is saved on its own, beside the form it sits in.
 */
export function LockEditor({ value, pending, onSave, clearLabel, testId }: LockEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LockDraft>(() => lockToDraft(value));
  const [invalid, setInvalid] = useState<'countries' | 'asns' | null>(null);
  const change = (next: Partial<LockDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setInvalid(null);
  };
  const save = () => {
    const parsed = draftToLock(draft);
    if ('invalid' in parsed) {
      setInvalid(parsed.invalid);
      return;
    }
    onSave(parsed.lock);
  };

  return (
    <Stack sx={{ gap: 2 }} data-testid={testId}>
      <TextField
        label={t('lines.locks.countries')}
        value={draft.countries}
        onChange={(event) => change({ countries: event.target.value })}
        error={invalid === 'countries'}
        helperText={
          invalid === 'countries' ? t('lines.locks.countriesInvalid') : t('lines.locks.countriesHelp')
        }
        slotProps={{ htmlInput: { 'data-testid': `${testId}-countries`, maxLength: 1000 } }}
      />
      <TextField
        label={t('lines.locks.asns')}
        value={draft.asns}
        onChange={(event) => change({ asns: event.target.value })}
        error={invalid === 'asns'}
        helperText={invalid === 'asns' ? t('lines.locks.asnsInvalid') : t('lines.locks.asnsHelp')}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-asns`, maxLength: 6000 } }}
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.noDatacenters}
            onChange={(event) => change({ noDatacenters: event.target.checked })}
            slotProps={{ input: { 'data-testid': `${testId}-no-datacenters` } as object }}
          />
        }
        label={t('lines.locks.noDatacenters')}
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={save} loading={pending} data-testid={`${testId}-save`}>
          {t('lines.locks.save')}
        </Button>
        {value && (
          <Button
            color="inherit"
            onClick={() => {
              setDraft(lockToDraft(null));
              onSave(null);
            }}
            disabled={pending}
            data-testid={`${testId}-clear`}
          >
            {clearLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
