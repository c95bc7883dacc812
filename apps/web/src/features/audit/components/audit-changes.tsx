import Box from '@mui/material/Box';
import type { AuditEntry } from '@linedesk/shared';

function shown(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One line per changed field: `field: before → after` (a create has no before, a delete no after). */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return <span>—</span>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', typography: 'body2', wordBreak: 'break-word' }}>
      {fields.map((field) => (
        <li key={field} data-testid="audit-change" data-field={field}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {field}:
          </Box>{' '}
          {entry.before && <span>{shown(entry.before[field])} → </span>}
          <span>{entry.after ? shown(entry.after[field]) : '∅'}</span>
        </li>
      ))}
    </Box>
  );
}
