import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { serverFixture } from '../../../test-support/server-fixture';
import { ServerStandbyField } from './server-standby-field';

// The standby choice of the server edit dialog (docs/standby.md): every other server is offered, the
// choice is saved by its own request, and the server's refusal is shown in the reader's language.

const primary = serverFixture(1, 'Frankfurt 1');
const spare = serverFixture(2, 'Frankfurt 2');
const newcamd = serverFixture(3, 'Paris', { protocol: 'NewCamd' });
const list = { items: [primary, spare, newcamd], total: 3, page: 1, page_size: 100 };

async function choose(name: string) {
  const user = userEvent.setup();
  await user.click(within(screen.getByTestId('server-standby-field')).getByRole('combobox'));
  const option = await screen.findByRole('option', { name });
  const offered = screen.getAllByRole('option').map((o) => o.textContent);
  await user.click(option);
  await user.click(screen.getByTestId('server-standby-save'));
  return offered;
}

describe('the standby choice', () => {
  it('offers every other server and saves the one chosen', async () => {
    const { sent } = await renderPage(<ServerStandbyField server={primary} />, {
      answers: {
        'GET /api/servers': { body: list },
        'PUT /api/servers/1/standby': { body: { ...primary, standby_id: 2 } },
      },
    });
    expect(await choose('Frankfurt 2 (CCcam)')).toEqual([
      'No standby',
      'Frankfurt 2 (CCcam)',
      'Paris (NewCamd)',
    ]);
    await waitFor(() => expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ standby_id: 2 }));
    // Saved, as the field says: nothing left to save.
    expect((await screen.findByRole('status')).textContent).toBe('Standby saved');
    expect((screen.getByTestId('server-standby-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal translated", async () => {
    await renderPage(<ServerStandbyField server={primary} />, {
      answers: {
        'GET /api/servers': { body: list },
        'PUT /api/servers/1/standby': {
          status: 422,
          body: {
            error: {
              code: 'SERVER_STANDBY_PROTOCOL_MISMATCH',
              message: 'The standby of a CCcam server must be a CCcam server too, not a NewCamd server',
              details: { params: { from: 'CCcam', to: 'NewCamd' } },
            },
          },
        },
      },
    });
    await choose('Paris (NewCamd)');
    expect((await screen.findByTestId('server-standby-error')).textContent).toBe(
      'The standby of a CCcam server must be a CCcam server too, not a NewCamd server',
    );
  });
});
