import { daysLeft, statusColor, toDisplayDate, type Line, type LineSyncState } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { memo, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { copyText } from '../../../lib/copy-text';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { linePath } from '../../../lib/paths';
import type { SyncFailure } from '../lib/sync-text';
import { daysLeftText, daysLeftTone } from './days-left-cell';
import type { LineRowAction } from './line-row-parts';
import type { LineRights } from '../lib/line-rights';
import { tableIcons } from './line-table-icons';
import { onlineTitle } from './online-dot';

/** The lines table's columns, in their order on screen (the tick box comes before them). */
export const lineTableFields = [
  'actions',
  'username',
  'name',
  'password',
  'server_name',
  'status',
  'days_left',
  'expiry_date',
  'owner_email',
  'sync_state',
  'last_seen_at',
  'created_at',
] as const;
export type LineTableField = (typeof lineTableFields)[number];

/** What every row draws with; one object for all rows, new only when the language or the day changes. */
export type LineRowContext = {
  t: TFunction;
  language: string;
  /** Today in UTC, the day the server works the rows' statuses out on. */
  today: string;
  selectRowLabel: string;
  syncText: (failure: SyncFailure) => string;
  /** What the server would take from this account (`lineRights`). */
  rights: LineRights;
  onAction: (action: LineRowAction, line: Line) => void;
  onToggle: (lineId: number) => void;
  onOpenMenu: (line: Line, anchor: HTMLElement) => void;
  /** Follows a username link inside the app (the router's navigation) on a plain left click. */
  follow: (event: MouseEvent<HTMLAnchorElement>) => void;
};

const syncTone = {
  synced: 'success',
  pending: 'warning',
  failing: 'error',
  refused: 'error',
} as const satisfies Record<LineSyncState, string>;

type LinesTableRowProps = {
  line: Line;
  fields: readonly LineTableField[];
  checked: boolean;
  menuOpen: boolean;
  context: LineRowContext;
};

function daysLeftSpan(line: Line, { t, today }: LineRowContext) {
  const days = daysLeft(line.expiry_date, today);
  const tone = daysLeftTone(days);
  return (
    <span
      className={`lt-nowrap lt-days-${tone}`}
      data-testid="line-days-left"
      data-days={days}
      data-tone={tone}
    >
      {daysLeftText(t, days)}
    </span>
  );
}

function syncChip(line: Line, { t, syncText }: LineRowContext, below: boolean) {
  const state = line.sync_state;
  // A failing line tells its last error on hover (a native title: one per row costs nothing).
  const error =
    line.sync_error && state !== 'synced'
      ? syncText({ text: line.sync_error, code: line.sync_error_code, params: line.sync_error_params })
      : undefined;
  return (
    <span
      className={`lt-chip lt-outlined lt-${syncTone[state]}${below ? ' lt-below' : ''}`}
      title={error}
      data-testid="line-sync"
      data-sync-state={state}
    >
      {tableIcons[state]}
      {t(`lines.sync.${state}`)}
    </span>
  );
}

/**
 * One line of the table as plain elements styled by the table's one class sheet: one component a
 * row, where the data grid drew about a hundred (its cells, MUI buttons, chips, icons). Memoised, so
 * that a tick or an opened menu draws only its row again; a page change draws the rows in place.
 */
export const LinesTableRow = memo(function LinesTableRow({
  line,
  fields,
  checked,
  menuOpen,
  context,
}: LinesTableRowProps) {
  const { t, language } = context;
  // Shown and copied for one line: a row is updated in place with the next page's line, and a
  // password shown on one page must not stay shown in its place on the next.
  const [shownFor, setShownFor] = useState<number | null>(null);
  const [copiedFor, setCopiedFor] = useState<number | null>(null);
  useEffect(() => {
    if (copiedFor === null) return;
    const timer = setTimeout(() => setCopiedFor(null), 1500);
    return () => clearTimeout(timer);
  }, [copiedFor]);
  const shown = shownFor === line.id;
  const copied = copiedFor === line.id;

  const cell = (field: LineTableField): ReactNode => {
    switch (field) {
      case 'actions':
        // One labelled action a row, the rest in its menu: a row of bare icons is read by guessing.
        return (
          <td key={field} className="lt-actions">
            <div className="lt-inline">
              {line.archived_at
                ? context.rights.row('restore') && (
                    <button
                      type="button"
                      className="lt-text-button"
                      onClick={() => context.onAction('restore', line)}
                      aria-label={t('lines.actions.restoreNamed', { username: line.username })}
                      data-testid="line-restore-button"
                    >
                      {t('lines.actions.restore')}
                    </button>
                  )
                : context.rights.row('renew') && (
                    <button
                      type="button"
                      className="lt-text-button"
                      onClick={() => context.onAction('renew', line)}
                      aria-label={t('lines.actions.renewNamed', { username: line.username })}
                      data-testid="line-renew-button"
                    >
                      {t('lines.actions.renew')}
                    </button>
                  )}
              <button
                type="button"
                className="lt-button"
                aria-label={t('lines.actions.menuNamed', { username: line.username })}
                title={t('lines.actions.more')}
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={(event) => context.onOpenMenu(line, event.currentTarget)}
                data-testid="line-actions-menu-button"
              >
                {tableIcons.more}
              </button>
            </div>
          </td>
        );
      case 'username': {
        const title = onlineTitle(t, language, line);
        return (
          // The whole username, wrapped if it must: a cut one ("kacperkoc…") cannot be told apart.
          <td key={field} className="lt-username">
            <a
              className="lt-link"
              href={linePath(line.id)}
              onClick={context.follow}
              data-testid="line-username"
            >
              <span
                role="img"
                aria-label={title}
                title={title}
                className={line.online === true ? 'lt-dot lt-online' : 'lt-dot'}
                data-testid="line-online"
                data-online={line.online === true ? 'true' : 'false'}
              />
              {line.username}
            </a>
            {line.name && !fields.includes('name') && <div className="lt-caption lt-clip">{line.name}</div>}
          </td>
        );
      }
      case 'name':
        return (
          <td key={field}>
            <div className="lt-clamp" title={line.name ?? undefined} data-testid="line-customer">
              {line.name ?? '—'}
            </div>
          </td>
        );
      case 'password': {
        const toggleLabel = shown ? t('common.hidePassword') : t('common.showPassword');
        const copyLabel = t('lines.copyPassword');
        return (
          <td key={field}>
            <div className="lt-inline">
              <span className="lt-secret" data-testid="line-password" data-visible={shown}>
                {shown ? line.password : '••••'}
              </span>
              <button
                type="button"
                className="lt-button lt-small"
                onClick={() => setShownFor(shown ? null : line.id)}
                aria-label={toggleLabel}
                title={toggleLabel}
                data-testid="line-password-toggle"
              >
                {shown ? tableIcons.hide : tableIcons.show}
              </button>
              <button
                type="button"
                className={copied ? 'lt-button lt-small lt-success' : 'lt-button lt-small'}
                onClick={() =>
                  void copyText(line.password).then((done) => setCopiedFor(done ? line.id : null))
                }
                aria-label={copyLabel}
                title={copied ? t('lines.copied') : copyLabel}
                data-testid="line-password-copy"
                data-copied={copied}
              >
                {copied ? tableIcons.copied : tableIcons.copy}
              </button>
            </div>
          </td>
        );
      }
      case 'server_name':
        return (
          <td key={field}>
            <div className="lt-clamp" data-testid="line-server" title={line.server_name ?? undefined}>
              {line.server_name ?? '—'}
            </div>
          </td>
        );
      case 'status': {
        const color = statusColor(line.status);
        // Without its own column, a line's sync shows here only when something is wrong with it.
        const syncMarker = !fields.includes('sync_state') && line.sync_state !== 'synced';
        return (
          <td key={field}>
            <span
              className={`lt-chip lt-${color}`}
              data-testid="line-status"
              data-status={line.status}
              data-color={color}
            >
              {t(`lines.status.${line.status}`)}
            </span>
            {syncMarker && syncChip(line, context, true)}
          </td>
        );
      }
      case 'days_left':
        return <td key={field}>{daysLeftSpan(line, context)}</td>;
      case 'expiry_date':
        return (
          <td key={field}>
            <span className="lt-nowrap" data-testid="line-expiry">
              {toDisplayDate(line.expiry_date)}
            </span>
            {/* The days left go under the date while they have no column of their own. */}
            {!fields.includes('days_left') && <div className="lt-caption">{daysLeftSpan(line, context)}</div>}
          </td>
        );
      case 'owner_email': {
        // Two lines, the address's name and its domain, so that a narrow column still tells owners
        // apart (the whole address on hover).
        const email = line.owner_email;
        const at = email ? email.lastIndexOf('@') : -1;
        return (
          <td key={field}>
            <div className="lt-owner lt-muted" title={email ?? undefined} data-testid="line-owner">
              {email && at > 0 ? (
                <>
                  <span className="lt-clip">{email.slice(0, at)}</span>
                  <span className="lt-clip">{email.slice(at)}</span>
                </>
              ) : (
                (email ?? '—')
              )}
            </div>
          </td>
        );
      }
      case 'sync_state':
        return <td key={field}>{syncChip(line, context, false)}</td>;
      case 'last_seen_at':
        return (
          <td key={field}>
            <span className="lt-nowrap lt-muted" data-testid="line-last-seen">
              {line.online
                ? t('lineConnections.online')
                : line.last_seen_at
                  ? formatDateTime(line.last_seen_at, language)
                  : '—'}
            </span>
          </td>
        );
      case 'created_at':
        return (
          <td key={field}>
            <span className="lt-nowrap lt-muted">{formatDate(line.created_at, language)}</span>
          </td>
        );
    }
  };

  return (
    <tr className={checked ? 'lt-selected' : undefined} data-testid="line-row">
      <td className="lt-check">
        <input
          type="checkbox"
          checked={checked}
          onChange={() => context.onToggle(line.id)}
          aria-label={context.selectRowLabel}
        />
      </td>
      {fields.map(cell)}
    </tr>
  );
});
