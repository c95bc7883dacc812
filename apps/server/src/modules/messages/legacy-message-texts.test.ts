import { describe, expect, it } from 'vitest';
import { recogniseLegacyText } from './legacy-message-texts.js';
import { storedPanelText } from './message-texts.js';

const URL = 'https://panel.example';

/** What an old English message reads as in German once recognised. */
function inGerman(title: string, content: string) {
  const found = recogniseLegacyText(title, content);
  return found && storedPanelText('de', found.kind, found.params, URL);
}

describe('old English panel messages', () => {
  it('a ticket reply, a sharing warning and a refused line read in German', () => {
    expect(
      inGerman(
        'New reply to ticket #1234: No picture',
        'There is a new reply to the support ticket "No picture".\n\nOpen it: https://old.example/tickets/1234',
      )?.title,
    ).toBe('Neue Antwort auf Ticket #1234: No picture');
    const sharing = inGerman(
      'Possible line sharing: anna-1',
      'The line anna-1 was connected from 3 IP addresses at the same time (1.1.1.1, 2.2.2.2, 3.3.3.3). It may be shared with other people. It was suspended automatically; enable it again once it is sorted out.',
    );
    expect(sharing?.content).toContain('1.1.1.1, 2.2.2.2, 3.3.3.3');
    expect(sharing?.title).toContain('anna-1');
    const refused = recogniseLegacyText(
      'The server refused the line bob',
      'The server Main refused the line bob for good: name taken. The line is not sent again; delete it, or create it again once the server takes it. 5 credits it cost were given back.',
    );
    expect(refused).toMatchObject({
      kind: 'line_refused',
      params: { refunded: 5, reason: 'name taken', codes: [] },
    });
  });

  it('stay text when they are not what the panel wrote, or lost part of what they said', () => {
    expect(recogniseLegacyText('Server down: x', 'We are on it.')).toBeNull();
    expect(recogniseLegacyText('Wartung', 'Heute Abend')).toBeNull();
    // A digest that listed only some of its lines cannot be written again in full.
    expect(
      recogniseLegacyText(
        '3 lines expire soon',
        'These lines expire within 3 days. Renew them to keep your customers connected.\n- a: 01-12-2026\n... and 2 more in the panel.',
      ),
    ).toBeNull();
  });
});
