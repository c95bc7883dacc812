import {
  serverProblemOf,
  toDisplayDate,
  type Language,
  type LoadMetric,
  type NotificationKind,
  type OutageCause,
  type SharingSignal,
  type TopUpReversalKind,
} from '@linedesk/shared';
import { translate } from '../../i18n/server-texts.js';

type LineAtDate = { username: string; expiry_date: string };
type LoadNotice = { server_id: number; server: string; metric: LoadMetric; value: number; threshold: number };

/** A load figure as the notice shows it: percent for CPU, memory and disk, the count for clients. */
const loadFigure = (metric: LoadMetric, value: number) =>
  metric === 'clients' ? String(value) : `${value}%`;

/**
 * The facts each kind carries. They are the webhook's `data` as they are, and the text of every other
 * channel is written from them in the recipient's language.
 */
export type NoticeParams = {
  lines_expiring: { days: number; lines: LineAtDate[] };
  sharing_detected: {
    line_id: number;
    username: string;
    ips: string[];
    ips_in_window: number;
    window_minutes: number;
    suspended: boolean;
  };
  lock_violation: {
    line_id: number;
    username: string;
    ip: string;
    country: string | null;
    network: string | null;
    reason: 'country' | 'network' | 'datacenter';
    /** Whether the connection was ended on the server, or only reported (the server cannot). */
    disconnected: boolean;
  };
  /** `signals`: the sharing score's signals at the poll (sharing-score.ts). */
  sharing_step: { line_id: number; username: string; score: number; signals: SharingSignal[] };
  server_down: { server_id: number; server: string; error: string };
  server_up: { server_id: number; server: string };
  /** A server machine's metric stayed at or above its threshold (load alerts), and when it is back. */
  server_load_high: LoadNotice;
  server_load_normal: LoadNotice;
  /** `lines`: the recipient's affected lines (every one for an admin). Times are ISO strings. */
  outage_started: {
    outage_id: number;
    server_id: number;
    server: string;
    cause: OutageCause;
    started_at: string;
    lines: number;
  };
  outage_ended: {
    outage_id: number;
    server_id: number;
    server: string;
    started_at: string;
    ended_at: string;
    minutes: number;
    lines: number;
    /** Whether the affected lines were extended by the outage's length. */
    compensated: boolean;
  };
  reconcile_held: { server_id: number; server: string; count: number; total: number };
  topup_credited: {
    request_id: number;
    package_name: string;
    reference: string;
    credits: number;
    balance: number;
  };
  topup_rejected: { request_id: number; package_name: string; reference: string; reason: string };
  /** A provider took a credited top-up's money back (or gave it back): to its requester and the admins. */
  topup_reversed: {
    audience: 'requester' | 'admin';
    request_id: number;
    account_email: string;
    package_name: string;
    reference: string;
    provider: string;
    reversal: TopUpReversalKind;
    payment: string;
    amount: string;
    /** Credits moved: negative taken back, positive given back. */
    credits: number;
    balance: number;
  };
  /** A provider says a top-up was paid that nothing credited: to the admins and its requester. */
  topup_needs_attention: {
    audience: 'requester' | 'admin';
    request_id: number;
    account_email: string;
    package_name: string;
    reference: string;
    provider: string;
    payment: string;
    amount: string;
    /** The request's state when the payment was reported: expired, underpaid, rejected, awaiting_payment. */
    was: string;
  };
  ticket_answered: { ticket_id: number; title: string };
  balance_low: { balance: number; threshold: number };
  activation_code_used: { code: string; line_id: number; username: string; renewal: boolean };
  /** A line's customer asked, from the portal, for the line to be renewed: to the line's owner. */
  renewal_requested: { line_id: number; username: string; expiry_date: string };
  /** A customer's freeze scheduled for `starts_on` did not happen (the line could no longer be frozen). */
  freeze_not_started: {
    line_id: number;
    username: string;
    starts_on: string;
    reason: 'expired' | 'suspended' | 'frozen' | 'limit' | 'off';
  };
  /** An admin moved the owner's lines to another server with another address: their new lines. */
  line_moved: {
    server: string;
    lines: { line_id: number; username: string; connection_line: string }[];
  };
  /**
   * A line's server refused it for good (a hand-written entry of that name, a value it does not
   * take): to the line's owner, with what was given back (credits, activation codes unused again).
   */
  line_refused: {
    /** Null when the line is gone with the refusal (an adoption's line is removed again). */
    line_id: number | null;
    username: string;
    server: string;
    reason: string;
    refunded: number;
    codes: string[];
  };
  /** Someone created an account on the open sign-up page: to every admin. */
  account_signed_up: { account_id: string; email: string; username: string };
  /** Sent on request from the Notifications page, to try the channels. */
  test: Record<string, never>;
};
export type NoticeKind = keyof NoticeParams;
export type Notice = { [K in NoticeKind]: { kind: K; params: NoticeParams[K] } }[NoticeKind];

export type NoticeText = { title: string; content: string; link: string };

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

/** A notice's title, text and the panel page it is about, in the recipient's language. */
/** "2026-11-26 14:05 UTC": notices go to people in many zones, and say which one. */
function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** An outage's length as "2h 05m" (the same in every language, like a clock). */
export function outageDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

export function noticeText(language: Language, notice: Notice, publicUrl: string): NoticeText {
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
    translate(language, key, params);
  switch (notice.kind) {
    case 'lines_expiring': {
      const p = notice.params;
      const unlisted = p.lines.length - LISTED_LINES;
      const list = lineList(p.lines) + (unlisted > 0 ? `\n${t('reminders.more', { count: unlisted })}` : '');
      return {
        title: t('reminders.title', { count: p.lines.length }),
        content: t('reminders.content', { count: p.days, list }),
        // The lines list with the same window, soonest first: every line the digest is about.
        link: `${publicUrl}/users/all?expiring_within_days=${p.days}&sort=expiry_date&order=asc`,
      };
    }
    case 'sharing_step': {
      const p = notice.params;
      const signals = p.signals.map((signal) => t(`sharing.signals.${signal}`)).join(', ');
      return {
        title: t('sharing.title', { username: p.username }),
        content: t('sharing.warn', { username: p.username, score: p.score, signals }),
        link: `${publicUrl}/users/edit/${p.line_id}`,
      };
    }
    case 'sharing_detected': {
      const p = notice.params;
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
    }
    case 'lock_violation': {
      const p = notice.params;
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
    }
    case 'server_down': {
      // The agent's raw words ("connect ECONNREFUSED …") stay out of the sentence: a translated one
      // says what went wrong, and the raw words follow as details for whoever looks for the cause
      // (these notices go to admins only).
      const problem = serverProblemOf(notice.params.error);
      const sentence = t('notifications.serverDownContent', {
        server: notice.params.server,
        problem: t(`notifications.serverProblems.${problem.code}`),
      });
      return {
        title: t('notifications.serverDownTitle', { server: notice.params.server }),
        content: problem.detail
          ? `${sentence}\n\n${t('notifications.serverDownDetail', { detail: problem.detail })}`
          : sentence,
        link: `${publicUrl}/cccam-servers`,
      };
    }
    case 'reconcile_held':
      return {
        title: t('notifications.reconcileHeldTitle', { server: notice.params.server }),
        content: t('notifications.reconcileHeldContent', {
          server: notice.params.server,
          count: notice.params.count,
          total: notice.params.total,
        }),
        link: `${publicUrl}/cccam-servers`,
      };
    case 'outage_started': {
      const p = notice.params;
      return {
        title: t('notifications.outageStartedTitle', { server: p.server }),
        content: t('notifications.outageStartedContent', {
          server: p.server,
          start: utcMinute(p.started_at),
          cause: t(`notifications.outageCauses.${p.cause}`),
          lines: p.lines,
        }),
        link: `${publicUrl}/system-status`,
      };
    }
    case 'outage_ended': {
      const p = notice.params;
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
    }
    case 'server_up':
      return {
        title: t('notifications.serverUpTitle', { server: notice.params.server }),
        content: t('notifications.serverUpContent', { server: notice.params.server }),
        link: `${publicUrl}/cccam-servers`,
      };
    case 'server_load_high':
    case 'server_load_normal': {
      const p = notice.params;
      const high = notice.kind === 'server_load_high';
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
    case 'topup_credited': {
      const p = notice.params;
      return {
        title: t('topups.approvedTitle'),
        content: t('topups.approvedContent', {
          count: p.credits,
          packageName: p.package_name,
          reference: p.reference,
          credits: p.credits,
          balance: p.balance,
        }),
        link: `${publicUrl}/payments`,
      };
    }
    case 'topup_rejected': {
      const p = notice.params;
      return {
        title: t('topups.rejectedTitle'),
        content: t('topups.rejectedContent', {
          packageName: p.package_name,
          reference: p.reference,
          reason: p.reason,
        }),
        link: `${publicUrl}/payments`,
      };
    }
    case 'ticket_answered': {
      const p = notice.params;
      const link = `${publicUrl}/tickets/${p.ticket_id}`;
      return {
        title: t('notifications.ticketTitle', { id: p.ticket_id, title: p.title }),
        content: t('notifications.ticketContent', { title: p.title, link }),
        link,
      };
    }
    case 'topup_reversed': {
      const p = notice.params;
      const kind = t(`topups.reversalKinds.${p.reversal}`);
      if (p.audience === 'admin') {
        return {
          title: t('topups.adminReversalTitle', { kind, email: p.account_email }),
          content: t('topups.adminReversalContent', {
            provider: p.provider,
            kind,
            packageName: p.package_name,
            email: p.account_email,
            reference: p.reference,
            payment: p.payment,
            amount: p.amount,
            credits: p.credits > 0 ? `+${p.credits}` : String(p.credits),
            balance: p.balance,
          }),
          link: `${publicUrl}/payments/pricing`,
        };
      }
      const taken = p.credits < 0;
      return {
        title: t(taken ? 'topups.reversedTitle' : 'topups.reinstatedTitle'),
        content: t(taken ? 'topups.reversedContent' : 'topups.reinstatedContent', {
          count: Math.abs(p.credits),
          provider: p.provider,
          kind,
          packageName: p.package_name,
          reference: p.reference,
          credits: Math.abs(p.credits),
          balance: p.balance,
        }),
        link: `${publicUrl}/payments/receipts/${p.request_id}`,
      };
    }
    case 'topup_needs_attention': {
      const p = notice.params;
      if (p.audience === 'admin') {
        return {
          title: t('topups.needsAttentionAdminTitle', { email: p.account_email }),
          content: t('topups.needsAttentionAdminContent', {
            provider: p.provider,
            packageName: p.package_name,
            email: p.account_email,
            reference: p.reference,
            payment: p.payment,
            amount: p.amount,
          }),
          link: `${publicUrl}/payments/pricing?tab=requests&status=needs_attention`,
        };
      }
      return {
        title: t('topups.needsAttentionTitle'),
        content: t('topups.needsAttentionContent', {
          provider: p.provider,
          packageName: p.package_name,
          reference: p.reference,
          amount: p.amount,
        }),
        link: `${publicUrl}/payments`,
      };
    }
    case 'balance_low':
      return {
        title: t('notifications.balanceLowTitle', {
          count: notice.params.threshold,
          threshold: notice.params.threshold,
        }),
        content: t('notifications.balanceLowContent', {
          count: notice.params.balance,
          balance: notice.params.balance,
          threshold: notice.params.threshold,
        }),
        link: `${publicUrl}/payments`,
      };
    case 'activation_code_used': {
      const p = notice.params;
      return {
        title: t('notifications.codeUsedTitle', { code: p.code }),
        content: t('notifications.codeUsedContent', {
          code: p.code,
          username: p.username,
          action: t(p.renewal ? 'notifications.codeUsedRenewal' : 'notifications.codeUsedNew'),
        }),
        link: `${publicUrl}/users/edit/${p.line_id}`,
      };
    }
    case 'renewal_requested': {
      const p = notice.params;
      const expiry = toDisplayDate(p.expiry_date);
      return {
        title: t('notifications.renewalRequestedTitle', { username: p.username }),
        content: t('notifications.renewalRequestedContent', { username: p.username, expiry }),
        link: `${publicUrl}/users/edit/${p.line_id}`,
      };
    }
    case 'freeze_not_started': {
      const p = notice.params;
      return {
        title: t('notifications.freezeNotStartedTitle', { username: p.username }),
        content: t('notifications.freezeNotStartedContent', {
          username: p.username,
          date: toDisplayDate(p.starts_on),
          reason: t(`notifications.freezeNotStartedReason.${p.reason}`),
        }),
        link: `${publicUrl}/users/edit/${p.line_id}`,
      };
    }
    case 'line_refused': {
      const p = notice.params;
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
    }
    case 'line_moved': {
      const p = notice.params;
      return {
        title: t('notifications.lineMovedTitle', { server: p.server }),
        content: t('notifications.lineMovedContent', {
          server: p.server,
          list: p.lines.map((line) => `- ${line.username}: ${line.connection_line}`).join('\n'),
        }),
        link: `${publicUrl}/users/all`,
      };
    }
    case 'account_signed_up': {
      const p = notice.params;
      return {
        title: t('notifications.signedUpTitle', { email: p.email }),
        content: t('notifications.signedUpContent', { email: p.email, username: p.username }),
        link: `${publicUrl}/resellers`,
      };
    }
    case 'test':
      return {
        title: t('notifications.testTitle'),
        content: t('notifications.testContent'),
        link: publicUrl,
      };
  }
}

/** Kinds an account can switch; `test` always goes to every channel that can deliver. */
export function isSwitchable(kind: NoticeKind): kind is NotificationKind {
  return kind !== 'test';
}
