import type { LineLockState } from '@linedesk/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { LineLockCard } from './line-lock-card';

// The line page's lock card: the lock in force and where it comes from, whether this server can end
// a connection, each violation with when, where and what, and the editor of the line's own lock.
// The server is a table of answers (render-page.tsx).

const planLock = { countries: ['DE', 'AT'], asns: [], no_datacenters: true };
const state: LineLockState = {
  own: null,
  plan: planLock,
  effective: planLock,
  enforced: false,
  violations: [
    {
      id: 7,
      server_id: 3,
      server_name: 'Frankfurt 1',
      ip: '8.8.8.8',
      country: 'US',
      asn: 15169,
      network: 'Google LLC',
      reason: 'country',
      action: 'reported',
      first_seen_at: '2026-11-22T18:29:35.004Z',
      last_seen_at: '2026-11-22T18:31:05.120Z',
      ended_at: null,
    },
  ],
};

describe('the line lock card', () => {
  it("shows the plan's lock, that this server only reports, and each violation", async () => {
    await renderPage(<LineLockCard lineId={42} />, {
      answers: { 'GET /api/lines/42/lock': { body: state } },
    });
    expect((await screen.findByTestId('line-lock-effective')).textContent).toBe(
      'Allowed countries: DE, AT · No datacenters',
    );
    expect(screen.getByText("The plan's lock")).toBeTruthy();
    expect(screen.getByTestId('line-lock-not-enforced').textContent).toContain(
      'Reported, not enforced on this server',
    );
    const [row] = screen.getAllByTestId('lock-violation');
    expect(row!.textContent).toContain('8.8.8.8');
    expect(row!.textContent).toContain('Country not allowed');
    expect(row!.textContent).toContain('Reported, not enforced');
    expect(row!.textContent).toContain('Where: United States, Google LLC (AS15169)');
    expect(row!.textContent).toContain('Server: Frankfurt 1');
  });

  it("saves the line's own lock from what was typed, and refuses a wrong country code first", async () => {
    const saved = { ...state, own: { countries: ['PL'], asns: [5617], no_datacenters: false } };
    const { sent } = await renderPage(<LineLockCard lineId={42} />, {
      answers: {
        'GET /api/lines/42/lock': { body: { ...state, enforced: true, violations: [] } },
        'PUT /api/lines/42/lock': { body: { ...saved, effective: saved.own } },
      },
    });
    expect(await screen.findByText('None so far.')).toBeTruthy();
    expect(screen.queryByTestId('line-lock-not-enforced')).toBeNull();
    fireEvent.change(screen.getByTestId('line-lock-editor-countries'), { target: { value: 'POL' } });
    fireEvent.click(screen.getByTestId('line-lock-editor-save'));
    expect(await screen.findByText('Use two-letter country codes such as DE or PL')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('line-lock-editor-countries'), { target: { value: 'pl' } });
    fireEvent.change(screen.getByTestId('line-lock-editor-asns'), { target: { value: 'AS5617' } });
    fireEvent.click(screen.getByTestId('line-lock-editor-save'));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({
        lock: { countries: ['PL'], asns: [5617], no_datacenters: false },
      }),
    );
    expect((await screen.findByText("The line's own lock")).textContent).toBe("The line's own lock");
    expect(screen.getByTestId('line-lock-effective').textContent).toBe(
      'Allowed countries: PL · Allowed networks (ASN): AS5617',
    );
  });
});
