import type { LineSharing } from '@linedesk/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { LineSharingCard } from './line-sharing-card';

// The line page's evidence panel: the score a reseller reads first, then each address with its
// network, country and what was seen. The server is a table of answers (render-page.tsx).

const shared: LineSharing = {
  score: 100,
  episode_since: '2026-11-22T18:29:35.004Z',
  steps_taken: ['note', 'oscam'],
  steps_not_supported: [],
  oscam_in_force: ['penalty = 1'],
  evidence: [
    {
      ip: '8.8.8.8',
      asn: 15169,
      network: 'Google LLC',
      country: 'US',
      channel: 'DAZN 1',
      signals: ['addresses', 'countries'],
      score: 100,
      first_seen_at: '2026-11-22T18:29:35.004Z',
      last_seen_at: '2026-11-22T18:30:05.120Z',
    },
    {
      ip: '10.1.2.3',
      asn: null,
      network: null,
      country: null,
      channel: null,
      signals: ['addresses'],
      score: 30,
      first_seen_at: '2026-11-22T18:29:35.004Z',
      last_seen_at: '2026-11-22T18:30:05.120Z',
    },
  ],
};

describe('the sharing evidence panel', () => {
  it('shows the score with its band and where each address is, unknown places said so', async () => {
    await renderPage(<LineSharingCard lineId={42} />, {
      answers: { 'GET /api/lines/42/sharing': { body: shared } },
    });
    expect((await screen.findByTestId('sharing-score')).textContent).toBe('Sharing score: 100 / 100');
    expect(screen.getByText('High')).toBeTruthy();
    const rows = screen.getAllByTestId('sharing-evidence');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Network: Google LLC (AS15169)');
    expect(rows[0]!.textContent).toContain('Country: United States');
    expect(rows[0]!.textContent).toContain('Channel: DAZN 1');
    expect(rows[0]!.textContent).toContain('Different countries');
    expect(rows[1]!.textContent).toContain('Unknown network');
    expect(rows[1]!.textContent).toContain('Unknown country');
    expect(screen.getByTestId('sharing-steps-taken').textContent).toBe(
      'Steps taken in this episode: note, OSCam anti-sharing',
    );
    expect(screen.getByTestId('sharing-oscam-in-force').textContent).toContain('penalty = 1');
    expect(screen.queryByTestId('sharing-steps-not-supported')).toBeNull();
  });

  it('tells the owner when the OSCam step was reached on a server that cannot take it', async () => {
    await renderPage(<LineSharingCard lineId={43} />, {
      answers: {
        'GET /api/lines/43/sharing': {
          body: { ...shared, steps_not_supported: ['oscam'], oscam_in_force: null },
        },
      },
    });
    expect((await screen.findByTestId('sharing-steps-taken')).textContent).toBe(
      'Steps taken in this episode: note, OSCam anti-sharing',
    );
    expect(screen.getByTestId('sharing-steps-not-supported').textContent).toBe(
      "Not supported on this line's server, nothing was changed there: OSCam anti-sharing",
    );
    expect(screen.queryByTestId('sharing-oscam-in-force')).toBeNull();
  });

  it('says nothing suspicious was seen for a line without evidence', async () => {
    await renderPage(<LineSharingCard lineId={7} />, {
      answers: {
        'GET /api/lines/7/sharing': {
          body: {
            score: 0,
            episode_since: null,
            steps_taken: [],
            steps_not_supported: [],
            oscam_in_force: null,
            evidence: [],
          },
        },
      },
    });
    expect(await screen.findByText('Nothing suspicious seen so far.')).toBeTruthy();
    expect(screen.getByText('Looks like one viewer')).toBeTruthy();
    expect(screen.queryByTestId('sharing-steps-taken')).toBeNull();
  });
});
