import { languages } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { LISTED_LINES, noticeText, type Notice, type NoticeKind } from './notification-texts.js';

// What a reseller or an admin reads in a mail, a Telegram chat or the panel's messages: every kind in
// every language is written out with its facts (no placeholder left, no key shown), and the rules a
// reader notices are pinned in English: dates as DD-MM-YYYY, a long digest cut to its soonest lines,
// singular and plural, the sign of credits moved, and the panel page each notice links to.

const URL = 'https://panel.example.com';

const topup = {
  request_id: 41,
  account_email: 'shop@example.com',
  package_name: 'Pack 100',
  reference: 'INV-7',
  provider: 'Stripe',
  payment: 'pi_123',
  amount: '€25.00',
};

/** One notice of each kind, with facts a reader can find in its text. */
const examples: { [K in NoticeKind]: Extract<Notice, { kind: K }>['params'] } = {
  lines_expiring: { days: 7, lines: [{ username: 'alice-tv', expiry_date: '2026-03-05' }] },
  sharing_detected: {
    line_id: 12,
    username: 'bob-tv',
    ips: ['198.51.100.1', '198.51.100.2'],
    ips_in_window: 2,
    window_minutes: 10,
    suspended: true,
  },
  server_down: { server_id: 3, server: 'Main', error: 'connect ECONNREFUSED' },
  server_up: { server_id: 3, server: 'Main' },
  reconcile_held: { server_id: 3, server: 'Main', count: 8, total: 40 },
  server_load_high: { server_id: 3, server: 'Main', metric: 'cpu', value: 97.5, threshold: 90 },
  server_load_normal: { server_id: 3, server: 'Main', metric: 'clients', value: 120, threshold: 400 },
  topup_credited: {
    request_id: 41,
    package_name: 'Pack 100',
    reference: 'INV-7',
    credits: 100,
    balance: 130,
  },
  topup_rejected: {
    request_id: 41,
    package_name: 'Pack 100',
    reference: 'INV-7',
    reason: 'No payment arrived',
  },
  topup_reversed: { ...topup, audience: 'requester', reversal: 'dispute', credits: -100, balance: -70 },
  topup_needs_attention: { ...topup, audience: 'admin', was: 'expired' },
  ticket_answered: { ticket_id: 9, title: 'Channel missing' },
  balance_low: { balance: 4, threshold: 10 },
  activation_code_used: { code: 'ABCD-EFGH', line_id: 12, username: 'carol-tv', renewal: true },
  renewal_requested: { line_id: 12, username: 'dave-tv', expiry_date: '2026-12-31' },
  freeze_not_started: { line_id: 12, username: 'gina-tv', starts_on: '2026-12-20', reason: 'expired' },
  standby_promoted: { server: 'Main', standby: 'Backup', lines: 4 },
  line_moved: {
    server: 'Backup',
    lines: [{ line_id: 12, username: 'erin-tv', connection_line: 'C: backup.example.com 12000 erin-tv pw' }],
  },
  line_refused: {
    line_id: 12,
    username: 'frank-tv',
    server: 'Main',
    reason: 'name taken',
    refunded: 3,
    codes: [],
  },
  account_signed_up: { account_id: 'a1', email: 'new@example.com', username: 'new' },
  lock_violation: {
    line_id: 14,
    username: 'carl-tv',
    ip: '8.8.8.8',
    country: 'US',
    network: 'Google LLC',
    reason: 'country',
    disconnected: true,
  },
  outage_started: {
    outage_id: 5,
    server_id: 3,
    server: 'Main',
    cause: 'unreachable',
    started_at: '2026-11-26T14:05:09.000Z',
    lines: 7,
  },
  outage_ended: {
    outage_id: 5,
    server_id: 3,
    server: 'Main',
    started_at: '2026-11-26T14:05:09.000Z',
    ended_at: '2026-11-26T16:10:00.000Z',
    minutes: 125,
    lines: 7,
    compensated: true,
  },
  sharing_step: { line_id: 12, username: 'bob-tv', score: 85, signals: ['addresses', 'countries'] },
  test: {},
};

/** Facts of each example that its text must carry in any language. */
const facts: Record<NoticeKind, string[]> = {
  lines_expiring: ['alice-tv', '05-03-2026'],
  sharing_detected: ['bob-tv', '198.51.100.1, 198.51.100.2'],
  sharing_step: ['bob-tv', '85'],
  server_down: ['Main', 'connect ECONNREFUSED'],
  server_up: ['Main'],
  reconcile_held: ['Main', '8', '40'],
  server_load_high: ['Main', '97.5%', '90%'],
  server_load_normal: ['Main', '120', '400'],
  topup_credited: ['Pack 100', 'INV-7', '100', '130'],
  topup_rejected: ['Pack 100', 'INV-7', 'No payment arrived'],
  topup_reversed: ['Stripe', 'Pack 100', 'INV-7', '100', '-70'],
  topup_needs_attention: ['Stripe', 'Pack 100', 'shop@example.com', 'INV-7', 'pi_123', '€25.00'],
  ticket_answered: ['#9', 'Channel missing', `${URL}/tickets/9`],
  balance_low: ['4', '10'],
  activation_code_used: ['ABCD-EFGH', 'carol-tv'],
  renewal_requested: ['dave-tv', '31-12-2026'],
  freeze_not_started: ['gina-tv', '20-12-2026'],
  line_moved: ['Backup', 'erin-tv', 'C: backup.example.com 12000 erin-tv pw'],
  standby_promoted: ['Main', 'Backup', '4'],
  line_refused: ['frank-tv', 'Main', 'name taken', '3'],
  account_signed_up: ['new@example.com'],
  outage_started: ['Main', '2026-11-26 14:05 UTC', '7'],
  lock_violation: ['carl-tv', '8.8.8.8', 'US, Google LLC'],
  outage_ended: ['Main', '2026-11-26 14:05 UTC', '2026-11-26 16:10 UTC', '2h 05m', '7'],
  test: [],
};

const text = (notice: Notice, language: (typeof languages)[number] = 'en') =>
  noticeText(language, notice, URL);
const of = <K extends NoticeKind>(kind: K, params: Extract<Notice, { kind: K }>['params']) =>
  ({ kind, params }) as Notice;

describe('noticeText', () => {
  it.each(languages)('writes every kind in %s with its facts, and nothing left untranslated', (language) => {
    for (const kind of Object.keys(examples) as NoticeKind[]) {
      const written = text(of(kind, examples[kind] as never), language);
      const whole = `${written.title}\n${written.content}`;
      expect(written.title.trim(), `${kind} title`).not.toBe('');
      expect(written.content.trim(), `${kind} content`).not.toBe('');
      expect(whole, kind).not.toMatch(/\{\{|\}\}|undefined|\bnull\b|NaN/);
      // A key shown instead of its text ("notifications.serverDownTitle").
      expect(whole, kind).not.toMatch(/\b(notifications|topups|reminders|sharing|locks)\.\w+/);
      for (const fact of facts[kind]) expect(whole, `${kind} in ${language}`).toContain(fact);
      expect(written.link.startsWith(URL), kind).toBe(true);
    }
  });

  it('writes German, Polish and Portuguese texts, not the English ones', () => {
    const english = text(of('server_up', examples.server_up)).content;
    for (const language of ['de', 'pl', 'pt'] as const) {
      expect(text(of('server_up', examples.server_up), language).content).not.toBe(english);
    }
  });

  it('lists the 30 soonest lines of a long digest and counts the rest, with the expiry as DD-MM-YYYY', () => {
    const lines = Array.from({ length: LISTED_LINES + 5 }, (_, i) => ({
      username: `line-${String(i).padStart(2, '0')}`,
      expiry_date: '2026-02-01',
    }));
    const digest = text(of('lines_expiring', { days: 7, lines }));
    expect(digest.title).toBe('35 lines expire soon');
    expect(digest.content).toContain('These lines expire within 7 days.');
    expect(digest.content).toContain('- line-00: 01-02-2026');
    expect(digest.content).toContain(`- line-${LISTED_LINES - 1}: 01-02-2026`);
    expect(digest.content).not.toContain(`line-${LISTED_LINES}:`);
    expect(digest.content.endsWith('... and 5 more in the panel.')).toBe(true);
    // The link opens the same lines in the panel, soonest first.
    expect(digest.link).toBe(`${URL}/users/all?expiring_within_days=7&sort=expiry_date&order=asc`);

    const one = text(of('lines_expiring', { days: 1, lines: lines.slice(0, 1) }));
    expect(one.title).toBe('1 line expires soon');
    expect(one.content).toContain('These lines expire within 1 day.');
    expect(one.content).not.toContain('more in the panel');
  });

  it('counts in the plural forms of each language', () => {
    const low = (balance: number) => text(of('balance_low', { balance, threshold: 1 })).content;
    expect(low(1)).toContain('Your balance is now 1 credit,');
    expect(low(0)).toContain('Your balance is now 0 credits,');
    // Polish says 2 and 5 differently ("kredyty" / "kredytów"): a wrong form reads as broken.
    const polish = (balance: number) => text(of('balance_low', { balance, threshold: 10 }), 'pl').content;
    expect(polish(2)).not.toBe(polish(5).replace('5', '2'));
  });

  it('tells a reseller whether top-up credits were taken back or given back, and the admins the sign', () => {
    const taken = text(of('topup_reversed', examples.topup_reversed));
    expect(taken.title).toBe('Top-up taken back');
    expect(taken.content).toContain('Stripe reported a chargeback of your top-up Pack 100');
    expect(taken.content).toContain('100 credits were taken back. Your balance is now -70.');
    expect(taken.link).toBe(`${URL}/payments/receipts/41`);
    const back = text(
      of('topup_reversed', { ...examples.topup_reversed, reversal: 'dispute_won', credits: 1, balance: 31 }),
    );
    expect(back.title).toBe('Top-up credits given back');
    expect(back.content).toContain('1 credit was given back. Your balance is now 31.');
    const admin = text(of('topup_reversed', { ...examples.topup_reversed, audience: 'admin', credits: 5 }));
    expect(admin.title).toBe('Top-up chargeback: shop@example.com');
    expect(admin.content).toContain('Credits moved: +5.');
    expect(admin.link).toBe(`${URL}/payments/pricing`);
  });

  it('says a refused line gave back its credits and codes, and links to the lines when the line is gone', () => {
    const refused = text(
      of('line_refused', { ...examples.line_refused, line_id: null, refunded: 1, codes: ['AAAA', 'BBBB'] }),
    );
    expect(refused.content).toContain('1 credit it cost was given back.');
    expect(refused.content).toContain('The activation codes AAAA, BBBB are unused again.');
    expect(refused.link).toBe(`${URL}/users/all`);
    const kept = text(of('line_refused', examples.line_refused));
    expect(kept.content).not.toContain('activation code');
    expect(kept.link).toBe(`${URL}/users/edit/12`);
  });

  it('tells sharing seen at once apart from sharing over a window, and whether the line was suspended', () => {
    const atOnce = text(of('sharing_detected', examples.sharing_detected)).content;
    expect(atOnce).toContain('connected from 2 IP addresses at the same time (198.51.100.1, 198.51.100.2)');
    expect(atOnce).toContain('It was suspended automatically');
    const window = text(
      of('sharing_detected', {
        ...examples.sharing_detected,
        ips: ['198.51.100.1'],
        ips_in_window: 3,
        suspended: false,
      }),
    ).content;
    expect(window).toContain('used 3 IP addresses within 10 min.');
    expect(window).toContain('Check its connections');
  });

  it('names what an activation code did: a renewal or a new line', () => {
    expect(text(of('activation_code_used', examples.activation_code_used)).content).toBe(
      'The activation code ABCD-EFGH was used: a renewal for the line carol-tv.',
    );
    expect(
      text(of('activation_code_used', { ...examples.activation_code_used, renewal: false })).content,
    ).toContain('a new line for the line carol-tv');
  });
});
