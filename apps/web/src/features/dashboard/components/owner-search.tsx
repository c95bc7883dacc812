import Box from '@mui/material/Box';
import type { Account } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutlinedTextField } from '../../../components/form/outlined-text-field';
import { lazyPage } from '../../../lib/lazy-page';

const OwnerFilter = lazyPage(() => import('./owner-filter'), 'OwnerFilter');
type OwnerFilterComponent = Awaited<ReturnType<typeof OwnerFilter.preload>>['default'];

type OwnerSearchProps = { value: Account | null; onChange: (owner: Account | null) => void };

/**
 * The admin's owner search on the dashboard. MUI's Autocomplete (with its popper, chips and list) cost
 * a phone a good part of the dashboard's first second to download and draw, yet most visits never
 * use it: a plain field of the same look stands in, and the real one takes its place, focused and
 * with what was typed, when the admin reaches for it (its code starts downloading on the way).
 */
export function OwnerSearch({ value, onChange }: OwnerSearchProps) {
  const { t } = useTranslation();
  // The stand-in keeps the focus and what is typed until the real field's code is in.
  const [LoadedFilter, setLoadedFilter] = useState<OwnerFilterComponent | null>(null);
  const [typed, setTyped] = useState('');
  // Rendered once loaded rather than through Suspense, whose fallback would be a new stand-in that
  // loses the focus while the code downloads.
  const activate = () => void OwnerFilter.preload().then((module) => setLoadedFilter(() => module.default));
  return (
    <Box sx={{ width: { xs: 1, sm: 320 } }}>
      {LoadedFilter ? (
        <LoadedFilter value={value} onChange={onChange} initialInput={typed} autoFocus />
      ) : (
        <OutlinedTextField
          size="small"
          label={t('insights.owner')}
          placeholder={t('insights.wholePanel')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onFocus={activate}
          onPointerEnter={() => void OwnerFilter.preload()}
          testId="dashboard-owner-search"
        />
      )}
    </Box>
  );
}
