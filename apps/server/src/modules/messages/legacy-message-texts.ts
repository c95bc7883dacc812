import { fromDisplayDate } from '@linedesk/shared';
import type { PanelText } from './message-texts.js';

/**
 * Panel messages stored before the codes (migration 0047) hold a finished text, written in the
 * language their account had then. Those written in English are recognised here by the English
 * templates of that time, and their code and values recovered, so that they too read in the
 * reader's language. The templates are kept as they were then, on purpose: the current ones have
 * changed since, and an old row holds the old words. A text that matches none stays as it is.
 *
 * Only what the text holds is recovered: ids that served the notice's link (a line's, a server's)
 * are not in the text, and the message's title and content do not need them.
 */

type Captures = Record<string, string>;
type Recovered = { kind: PanelText['kind']; params: Record<string, unknown> };

type LegacyTemplate = {
  kind: PanelText['kind'];
  /** The title and content as they were written, `{{name}}` for a value; several forms (plurals). */
  titles: string[];
  contents: string[];
  /** The code's values from what the text held; null when they do not fit (the text is kept). */
  params: (values: Captures) => Record<string, unknown> | null;
};

const NUMBER = /^-?\d[\d,]*$/;
function toNumber(value: string | undefined): number | null {
  return value !== undefined && NUMBER.test(value) ? Number(value.replaceAll(',', '')) : null;
}

const lineAtDate = /^- (.+): (\d{2}-\d{2}-\d{4})$/;
const lineMoved = /^- (.+?): (.+)$/;

const sharingSeen = {
  atOnce:
    'The line {{username}} was connected from {{count}} IP addresses at the same time ({{ips}}). It may be shared with other people.',
  inWindow:
    'The line {{username}} used {{count}} IP addresses within {{minutes}} minutes. It may be shared with other people.',
};
const sharingEnd = {
  suspended: 'It was suspended automatically; enable it again once it is sorted out.',
  check: 'Check its connections and IP history on the line page.',
};
const lineRefusedContent =
  'The server {{server}} refused the line {{username}} for good: {{reason}}. The line is not sent again; delete it, or create it again once the server takes it.';
const refunded = [
  '{{refunded}} credit it cost was given back.',
  '{{refunded}} credits it cost were given back.',
];
const codes = [
  'The activation code {{codes}} is unused again.',
  'The activation codes {{codes}} are unused again.',
];

const templates: LegacyTemplate[] = [
  {
    kind: 'server_down',
    titles: ['Server down: {{server}}'],
    contents: [
      "The server {{server}} does not answer the panel's check ({{error}}). Its lines cannot be changed until it is back.",
    ],
    params: (v) => ({ server: v.server, error: v.error }),
  },
  {
    kind: 'server_up',
    titles: ['Server back: {{server}}'],
    contents: ['The server {{server}} answers again. Changes made meanwhile are delivered to it now.'],
    params: (v) => ({ server: v.server }),
  },
  {
    kind: 'balance_low',
    titles: ['Balance below {{threshold}} credits'],
    contents: [
      'Your balance is now {{balance}} credits, below the {{threshold}} credits you chose to be told about. Top up to keep selling lines.',
    ],
    params: (v) => {
      const [balance, threshold] = [toNumber(v.balance), toNumber(v.threshold)];
      return balance === null || threshold === null ? null : { balance, threshold };
    },
  },
  {
    kind: 'activation_code_used',
    titles: ['Activation code used: {{code}}'],
    contents: ['The activation code {{code}} was used: {{action}} for the line {{username}}.'],
    params: (v) =>
      v.action === 'a new line' || v.action === 'a renewal'
        ? { code: v.code, username: v.username, renewal: v.action === 'a renewal' }
        : null,
  },
  {
    kind: 'ticket_answered',
    titles: ['New reply to ticket #{{id}}: {{title}}'],
    contents: ['There is a new reply to the support ticket "{{title}}".\n\nOpen it: {{link}}'],
    params: (v) => {
      const id = toNumber(v.id);
      return id === null ? null : { ticket_id: id, title: v.title };
    },
  },
  {
    kind: 'test',
    titles: ['Test notice from Linedesk'],
    contents: ['This is a test notice. If you read it here, this channel works.'],
    params: () => ({}),
  },
  {
    kind: 'renewal_requested',
    titles: ['Renewal requested: {{username}}'],
    contents: [
      'The customer of the line {{username}} asks you to renew it (it expires on {{expiry}}). They asked from the customer portal.',
    ],
    params: (v) => {
      const expiry = fromDisplayDate(v.expiry ?? '');
      return expiry === null ? null : { username: v.username, expiry_date: expiry };
    },
  },
  {
    kind: 'reconcile_held',
    titles: ['Reconcile waits for you: {{server}}'],
    contents: [
      'The reconcile of {{server}} would remove {{count}} of its {{total}} users that have no line in the panel. That is more than it removes without asking, so it removed none. Check the server (another panel record on the same agent? a restored backup?), then confirm the removal with the reconcile action on the Servers page.',
    ],
    params: (v) => {
      const [count, total] = [toNumber(v.count), toNumber(v.total)];
      return count === null || total === null ? null : { server: v.server, count, total };
    },
  },
  {
    kind: 'account_signed_up',
    titles: ['New account signed up: {{email}}'],
    contents: [
      '{{email}} ({{username}}) created an account on the sign-up page. Sign-up is open to anyone: you can close it in Settings → “Choose who can sign up”.',
    ],
    params: (v) => ({ email: v.email, username: v.username }),
  },
  {
    kind: 'topup_credited',
    titles: ['Top-up approved'],
    contents: [
      'Your top-up request for {{packageName}} (payment reference {{reference}}) was approved: {{credits}} credits were added. Your balance is now {{balance}} credits.',
    ],
    params: (v) => {
      const [credits, balance] = [toNumber(v.credits), toNumber(v.balance)];
      return credits === null || balance === null
        ? null
        : { package_name: v.packageName, reference: v.reference, credits, balance };
    },
  },
  {
    kind: 'topup_rejected',
    titles: ['Top-up rejected'],
    contents: [
      'Your top-up request for {{packageName}} (payment reference {{reference}}) was rejected. Reason: {{reason}}',
    ],
    params: (v) => ({ package_name: v.packageName, reference: v.reference, reason: v.reason }),
  },
  {
    kind: 'sign_in_guessed',
    titles: ['Someone is trying to sign in to your account'],
    contents: [
      'There were {{failures}} failed sign-ins to your account in the last {{minutes}} minutes, from more than one address. They are slowed down and refused per address; you can still sign in as usual. If it was not you, choose a strong password you use nowhere else and turn on two-factor sign-in on your profile page.',
    ],
    params: (v) => {
      const [failures, minutes] = [toNumber(v.failures), toNumber(v.minutes)];
      return failures === null || minutes === null ? null : { failures, minutes };
    },
  },
  {
    kind: 'lines_expiring',
    titles: ['{{count}} line expires soon', '{{count}} lines expire soon'],
    contents: [
      'These lines expire within {{days}} day. Renew them to keep your customers connected.\n{{list}}',
      'These lines expire within {{days}} days. Renew them to keep your customers connected.\n{{list}}',
    ],
    params: (v) => {
      const days = toNumber(v.days);
      const rows = (v.list ?? '').split('\n').map((row) => row.match(lineAtDate));
      // A digest that listed only some of its lines ("… and 3 more") lost the others: kept as text.
      if (days === null || rows.some((row) => !row) || rows.length !== toNumber(v.count)) return null;
      const lines = rows.map((row) => ({ username: row![1]!, expiry_date: fromDisplayDate(row![2]!) }));
      return lines.some((line) => line.expiry_date === null) ? null : { days, lines };
    },
  },
  {
    kind: 'line_moved',
    titles: ['Lines moved to the server {{server}}'],
    contents: [
      'An administrator moved lines of yours to the server {{server}}. Give your customers their new connection lines:\n{{list}}',
    ],
    params: (v) => {
      const rows = (v.list ?? '').split('\n').map((row) => row.match(lineMoved));
      if (rows.some((row) => !row)) return null;
      return {
        server: v.server,
        lines: rows.map((row) => ({ username: row![1]!, connection_line: row![2]! })),
      };
    },
  },
  {
    kind: 'sharing_detected',
    titles: ['Possible line sharing: {{username}}'],
    contents: Object.values(sharingSeen).flatMap((seen) =>
      Object.values(sharingEnd).map((end) => `${seen} ${end}`),
    ),
    params: (v) => {
      const count = toNumber(v.count);
      if (count === null) return null;
      const suspended = v.end === undefined ? null : v.end === 'suspended';
      const ips = v.ips === undefined ? [] : v.ips.split(', ');
      if (v.ips !== undefined && ips.length !== count) return null;
      const minutes = v.minutes === undefined ? 0 : toNumber(v.minutes);
      if (minutes === null) return null;
      return { username: v.username, ips, ips_in_window: count, window_minutes: minutes, suspended };
    },
  },
  {
    kind: 'line_refused',
    titles: ['The server refused the line {{username}}'],
    contents: ['', ...refunded].flatMap((money) =>
      ['', ...codes].map((code) => [lineRefusedContent, money, code].filter(Boolean).join(' ')),
    ),
    params: (v) => {
      const given = v.refunded === undefined ? 0 : toNumber(v.refunded);
      if (given === null) return null;
      return {
        line_id: null,
        username: v.username,
        server: v.server,
        reason: v.reason,
        refunded: given,
        codes: v.codes === undefined ? [] : v.codes.split(', '),
      };
    },
  },
];

/** Which of the sharing notice's two endings a content has: told apart by its text, not a value. */
function sharingEndOf(content: string): string | undefined {
  return Object.entries(sharingEnd).find(([, text]) => content.endsWith(text))?.[0];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Compiled = { pattern: RegExp; names: string[] };
function compile(template: string): Compiled {
  const names: string[] = [];
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = part.match(/^\{\{(\w+)\}\}$/)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '([\\s\\S]+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** The values a text holds by one of the forms, or null; a value named twice must read the same. */
function matchAny(forms: Compiled[], text: string): Captures | null {
  for (const form of forms) {
    const found = form.pattern.exec(text);
    if (!found) continue;
    const values: Captures = {};
    const fits = form.names.every((name, index) => {
      const value = found[index + 1]!;
      if (values[name] !== undefined && values[name] !== value) return false;
      values[name] = value;
      return true;
    });
    if (fits) return values;
  }
  return null;
}

const compiled = templates.map((template) => ({
  template,
  titles: template.titles.map(compile),
  contents: template.contents.map(compile),
}));

/** The code and values of an old English panel message, or null when its text is not one of them. */
export function recogniseLegacyText(title: string, content: string): Recovered | null {
  for (const { template, titles, contents } of compiled) {
    const fromTitle = matchAny(titles, title);
    if (!fromTitle) continue;
    const fromContent = matchAny(contents, content);
    if (!fromContent) continue;
    // The title and the content name the same server, line or ticket.
    const shared = Object.keys(fromTitle).filter((name) => name in fromContent);
    if (shared.some((name) => fromTitle[name] !== fromContent[name])) continue;
    const end = template.kind === 'sharing_detected' ? { end: sharingEndOf(content) } : {};
    const params = template.params({ ...fromContent, ...fromTitle, ...end } as Captures);
    if (params) return { kind: template.kind, params };
  }
  return null;
}
