import type { Server } from '@linedesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { ServerStandbyField } from './server-standby-field';

// The standby choice of the server edit dialog (docs/standby.md): every other server is offered, the
// choice is saved by its own request, and the server's refusal is shown in the reader's language.

const server = (id: number, name: string, extra: Partial<Server> = {}): Server => ({
  id,
  server_name: name,
  host_ip: '10.0.0.1',
  hostname: null,
  port: 12000,
  api_port: 3000,
  username: 'panel',
  has_password: true,
  protocol: 'CCcam',
  newcamd_des_key: '0102030405060708091011121314',
  status: 'active',
  use_tls: false,
  tls_insecure: false,
  user_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  last_connection: null,
  last_error: null,
  version: null,
  group_names: {},
  service_names: [],
  backend: null,
  standby_id: null,
  ...extra,
});

const primary = server(1, 'Frankfurt 1');
const spare = server(2, 'Frankfurt 2');
const newcamd = server(3, 'Paris', { protocol: 'NewCamd' });
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
