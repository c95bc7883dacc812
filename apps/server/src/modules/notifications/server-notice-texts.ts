import { serverProblemOf, type LoadMetric } from '@linedesk/shared';
import type { LoadNotice, NoticeText, NoticeTranslate, NoticeWriters } from './notice-types.js';

/** A load figure as the notice shows it: percent for CPU, memory and disk, the count for clients. */
const loadFigure = (metric: LoadMetric, value: number) =>
  metric === 'clients' ? String(value) : `${value}%`;

/** "2026-11-26 14:05 UTC": notices go to people in many zones, and say which one. */
function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** An outage's length as "2h 05m" (the same in every language, like a clock). */
export function outageDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** A machine's metric at or above its threshold (`high`), or back below it. */
function loadText(high: boolean, p: LoadNotice, t: NoticeTranslate, publicUrl: string): NoticeText {
  const metric = t(`notifications.loadMetrics.${p.metric}`);
  const params = {
    server: p.server,
    metric,
    value: loadFigure(p.metric, p.value),
    threshold: loadFigure(p.metric, p.threshold),
  };
  return {
    title: t(high ? 'notifications.serverLoadHighTitle' : 'notifications.serverLoadNormalTitle', params),
    content: t(
      high ? 'notifications.serverLoadHighContent' : 'notifications.serverLoadNormalContent',
      params,
    ),
    link: `${publicUrl}/cccam-servers`,
  };
}

type ServerNoticeKind =
  | 'server_down'
  | 'server_up'
  | 'server_load_high'
  | 'server_load_normal'
  | 'reconcile_held'
  | 'outage_started'
  | 'outage_ended'
  | 'standby_promoted';

/** Notices about the card servers: down and up, load, held reconciles, outages, a standby's takeover. */
export const serverNoticeTexts: NoticeWriters<ServerNoticeKind> = {
  server_down: (p, t, publicUrl) => {
    // The agent's raw words ("connect ECONNREFUSED …") stay out of the sentence: a translated one
    // says what went wrong, and the raw words follow as details for whoever looks for the cause
    // (these notices go to admins only).
    const problem = serverProblemOf(p.error);
    const sentence = t('notifications.serverDownContent', {
      server: p.server,
      problem: t(`notifications.serverProblems.${problem.code}`),
    });
    return {
      title: t('notifications.serverDownTitle', { server: p.server }),
      content: problem.detail
        ? `${sentence}\n\n${t('notifications.serverDownDetail', { detail: problem.detail })}`
        : sentence,
      link: `${publicUrl}/cccam-servers`,
    };
  },
  server_up: (p, t, publicUrl) => ({
    title: t('notifications.serverUpTitle', { server: p.server }),
    content: t('notifications.serverUpContent', { server: p.server }),
    link: `${publicUrl}/cccam-servers`,
  }),
  server_load_high: (p, t, publicUrl) => loadText(true, p, t, publicUrl),
  server_load_normal: (p, t, publicUrl) => loadText(false, p, t, publicUrl),
  reconcile_held: (p, t, publicUrl) => ({
    title: t('notifications.reconcileHeldTitle', { server: p.server }),
    content: t('notifications.reconcileHeldContent', {
      server: p.server,
      count: p.count,
      total: p.total,
    }),
    link: `${publicUrl}/cccam-servers`,
  }),
  outage_started: (p, t, publicUrl) => ({
    title: t('notifications.outageStartedTitle', { server: p.server }),
    content: t('notifications.outageStartedContent', {
      server: p.server,
      start: utcMinute(p.started_at),
      cause: t(`notifications.outageCauses.${p.cause}`),
      lines: p.lines,
    }),
    link: `${publicUrl}/system-status`,
  }),
  outage_ended: (p, t, publicUrl) => {
    const duration = outageDuration(p.minutes);
    const ended = t('notifications.outageEndedContent', {
      server: p.server,
      duration,
      start: utcMinute(p.started_at),
      end: utcMinute(p.ended_at),
      lines: p.lines,
    });
    return {
      title: t('notifications.outageEndedTitle', { server: p.server }),
      content: p.compensated ? `${ended} ${t('notifications.outageCompensated', { duration })}` : ended,
      link: `${publicUrl}/system-status`,
    };
  },
  standby_promoted: (p, t, publicUrl) => ({
    title: t('notifications.standbyPromotedTitle', { server: p.server, standby: p.standby }),
    content: t('notifications.standbyPromotedContent', p),
    link: `${publicUrl}/users/all`,
  }),
};
