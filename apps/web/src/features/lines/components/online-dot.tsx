import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isLanguage, type Line } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/format-date';

/** What the online dot says: connected, or offline and when the line was last seen. */
export function onlineTitle(
  t: TFunction,
  language: string,
  line: Pick<Line, 'username' | 'online' | 'last_seen_at'>,
): string {
  if (line.online === true) return t('lineConnections.onlineNamed', { username: line.username });
  const offline = t('lineConnections.offlineNamed', { username: line.username });
  return line.last_seen_at
    ? `${offline} · ${t('lineConnections.lastSeenAt', { time: formatDateTime(line.last_seen_at, language) })}`
    : `${offline} · ${t('lineConnections.neverSeen')}`;
}

/**
 * Green while the line is connected, grey otherwise; the title tells when it was last seen (a native
 * one: every row of the grid has a dot, and a page's rows mount with every page change).
 */
export function OnlineDot({ line }: { line: Pick<Line, 'username' | 'online' | 'last_seen_at'> }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const online = line.online === true;
  const title = onlineTitle(t, language, line);
  return (
    <Box
      component="span"
      role="img"
      aria-label={title}
      title={title}
      data-testid="line-online"
      data-online={online ? 'true' : 'false'}
      sx={{
        display: 'inline-block',
        verticalAlign: 'middle',
        mr: 0.75,
        mb: '2px',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: online ? 'success.main' : 'grey.400',
        boxShadow: online ? (theme) => `0 0 0 3px ${theme.palette.success.main}33` : undefined,
      }}
    />
  );
}

/**
 * "Online", the time the line was last connected, or a dash for a line never seen. Memoised on those
 * for the grid's rows, updated in place from page to page.
 */
export const LastSeenCell = memo(function LastSeenCell({
  online,
  lastSeenAt,
  language,
}: {
  online: Line['online'];
  lastSeenAt: Line['last_seen_at'];
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" data-testid="line-last-seen" sx={{ color: 'text.secondary' }} noWrap>
      {online ? t('lineConnections.online') : lastSeenAt ? formatDateTime(lastSeenAt, language) : '—'}
    </Typography>
  );
});
