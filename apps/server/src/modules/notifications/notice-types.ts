import type { LoadMetric, OutageCause, SharingSignal, TopUpReversalKind } from '@linedesk/shared';
import type { ServerTextKey, TextParams } from '../../i18n/server-texts.js';

export type LineAtDate = { username: string; expiry_date: string };
export type LoadNotice = {
  server_id: number;
  server: string;
  metric: LoadMetric;
  value: number;
  threshold: number;
};

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
  /** The standby `standby` took over from `server`: how many of the owner's lines now run on it. */
  standby_promoted: { server: string; standby: string; lines: number };
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

/** `translate` bound to the recipient's language. */
export type NoticeTranslate = (key: ServerTextKey, params?: TextParams) => string;

/** Writes one kind's text from its facts; each family of notices keeps its writers in one file. */
export type NoticeWriter<K extends NoticeKind> = (
  params: NoticeParams[K],
  t: NoticeTranslate,
  publicUrl: string,
) => NoticeText;
export type NoticeWriters<K extends NoticeKind = NoticeKind> = { [Kind in K]: NoticeWriter<Kind> };
