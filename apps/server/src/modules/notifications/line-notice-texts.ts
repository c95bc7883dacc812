import { toDisplayDate } from '@linedesk/shared';
import type { LineAtDate, NoticeWriters } from './notice-types.js';

/**
 * The most lines a message lists (an expiry digest, the bot's /expiring); the rest are counted, and the
 * panel's lines list shows them all. A reseller with a thousand due lines reads the soonest ones, not a
 * thousand-line message (which Telegram refuses: a message is at most 4,096 characters), and a round
 * writes a small text inside its transaction. A webhook's `data` still carries every line.
 */
export const LISTED_LINES = 30;

/** The expiry date is written DD-MM-YYYY in every language (the spec's rule for a line's expiry). */
const lineList = (lines: LineAtDate[]) =>
  lines
    .slice(0, LISTED_LINES)
    .map((line) => `- ${line.username}: ${toDisplayDate(line.expiry_date)}`)
    .join('\n');

type LineNoticeKind =
  | 'lines_expiring'
  | 'sharing_step'
  | 'sharing_detected'
  | 'lock_violation'
  | 'activation_code_used'
  | 'renewal_requested'
  | 'freeze_not_started'
  | 'line_refused'
  | 'line_moved';

/** Notices about a reseller's own lines: expiry, sharing, locks, codes, renewals, refusals, moves. */
export const lineNoticeTexts: NoticeWriters<LineNoticeKind> = {
  lines_expiring: (p, t, publicUrl) => {
    const unlisted = p.lines.length - LISTED_LINES;
    const list = lineList(p.lines) + (unlisted > 0 ? `\n${t('reminders.more', { count: unlisted })}` : '');
    return {
      title: t('reminders.title', { count: p.lines.length }),
      content: t('reminders.content', { count: p.days, list }),
      // The lines list with the same window, soonest first: every line the digest is about.
      link: `${publicUrl}/users/all?expiring_within_days=${p.days}&sort=expiry_date&order=asc`,
    };
  },
  sharing_step: (p, t, publicUrl) => {
    const signals = p.signals.map((signal) => t(`sharing.signals.${signal}`)).join(', ');
    return {
      title: t('sharing.title', { username: p.username }),
      content: t('sharing.warn', { username: p.username, score: p.score, signals }),
      link: `${publicUrl}/users/edit/${p.line_id}`,
    };
  },
  sharing_detected: (p, t, publicUrl) => {
    const seen =
      p.ips.length >= 2
        ? t('sharing.atOnce', { username: p.username, count: p.ips.length, ips: p.ips.join(', ') })
        : t('sharing.inWindow', {
            username: p.username,
            count: p.ips_in_window,
            minutes: p.window_minutes,
          });
    return {
      title: t('sharing.title', { username: p.username }),
      content: `${seen} ${t(p.suspended ? 'sharing.suspended' : 'sharing.check')}`,
      link: `${publicUrl}/users/edit/${p.line_id}`,
    };
  },
  lock_violation: (p, t, publicUrl) => {
    const place = [p.country, p.network].filter((part): part is string => part !== null).join(', ');
    return {
      title: t('locks.title', { username: p.username }),
      content: [
        t(`locks.reasons.${p.reason}`, { username: p.username, ip: p.ip }),
        place === '' ? '' : t('locks.place', { place }),
        t(p.disconnected ? 'locks.disconnected' : 'locks.reported'),
      ]
        .filter((part) => part !== '')
        .join(' '),
      link: `${publicUrl}/users/edit/${p.line_id}`,
    };
  },
  activation_code_used: (p, t, publicUrl) => ({
    title: t('notifications.codeUsedTitle', { code: p.code }),
    content: t('notifications.codeUsedContent', {
      code: p.code,
      username: p.username,
      action: t(p.renewal ? 'notifications.codeUsedRenewal' : 'notifications.codeUsedNew'),
    }),
    link: `${publicUrl}/users/edit/${p.line_id}`,
  }),
  renewal_requested: (p, t, publicUrl) => {
    const expiry = toDisplayDate(p.expiry_date);
    return {
      title: t('notifications.renewalRequestedTitle', { username: p.username }),
      content: t('notifications.renewalRequestedContent', { username: p.username, expiry }),
      link: `${publicUrl}/users/edit/${p.line_id}`,
    };
  },
  freeze_not_started: (p, t, publicUrl) => ({
    title: t('notifications.freezeNotStartedTitle', { username: p.username }),
    content: t('notifications.freezeNotStartedContent', {
      username: p.username,
      date: toDisplayDate(p.starts_on),
      reason: t(`notifications.freezeNotStartedReason.${p.reason}`),
    }),
    link: `${publicUrl}/users/edit/${p.line_id}`,
  }),
  line_refused: (p, t, publicUrl) => {
    const given = [
      ...(p.refunded > 0 ? [t('notifications.lineRefusedRefunded', { count: p.refunded })] : []),
      ...(p.codes.length > 0
        ? [t('notifications.lineRefusedCodes', { count: p.codes.length, codes: p.codes.join(', ') })]
        : []),
    ];
    return {
      title: t('notifications.lineRefusedTitle', { username: p.username }),
      content: [
        t('notifications.lineRefusedContent', {
          username: p.username,
          server: p.server,
          reason: p.reason,
        }),
        ...given,
      ].join(' '),
      link: p.line_id === null ? `${publicUrl}/users/all` : `${publicUrl}/users/edit/${p.line_id}`,
    };
  },
  line_moved: (p, t, publicUrl) => ({
    title: t('notifications.lineMovedTitle', { server: p.server }),
    content: t('notifications.lineMovedContent', {
      server: p.server,
      list: p.lines.map((line) => `- ${line.username}: ${line.connection_line}`).join('\n'),
    }),
    link: `${publicUrl}/users/all`,
  }),
};
