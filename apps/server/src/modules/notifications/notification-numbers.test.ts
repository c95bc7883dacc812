import { describe, expect, it } from 'vitest';
import { noticeText } from './notification-texts.js';

const URL = 'https://panel.example';

describe('numbers in notices', () => {
  it('are written as each language writes them, with the plural form the number takes', () => {
    const held = {
      kind: 'reconcile_held',
      params: { server_id: 1, server: 'Main', count: 1500, total: 12500 },
    } as const;
    expect(noticeText('en', held, URL).content).toContain('would remove 1,500 of its 12,500 users');
    expect(noticeText('de', held, URL).content).toContain('würde 1.500 seiner 12.500 Benutzer');
    // Polish groups from five digits on, with a (non-breaking) space.
    expect(noticeText('pl', held, URL).content).toMatch(/usunęłoby 1500 z 12\s500/);

    const low = { kind: 'balance_low', params: { balance: 2500, threshold: 5000 } } as const;
    expect(noticeText('de', low, URL).content).toContain('Ihr Guthaben beträgt jetzt 2.500 Credits');
    expect(noticeText('pl', low, URL).content).toContain('2500 kredytów');
    expect(
      noticeText('pl', { kind: 'balance_low', params: { balance: 3, threshold: 5 } }, URL).content,
    ).toContain('3 kredyty');
  });

  it('leave ids as they are', () => {
    const answered = { kind: 'ticket_answered', params: { ticket_id: 1234, title: 'VPN' } } as const;
    expect(noticeText('de', answered, URL).title).toBe('Neue Antwort auf Ticket #1234: VPN');
  });
});

describe('a server down notice', () => {
  it('says what went wrong in a sentence, the raw words after it as details', () => {
    const down = {
      kind: 'server_down',
      params: {
        server_id: 1,
        server: 'Main',
        error: 'Failed to connect to server: Request timed out after 5000 ms',
      },
    } as const;
    const { content } = noticeText('pt', down, URL);
    expect(content).toContain('O servidor não respondeu a tempo.');
    expect(content.split('\n\n')[1]).toBe('Detalhes: Request timed out after 5000 ms');
  });
});
