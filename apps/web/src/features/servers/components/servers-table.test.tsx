import { ADMIN_GROUP_ID, USER_GROUP_ID, type Server } from '@linedesk/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { serverFixture } from '../../../test-support/server-fixture';
import { serverRights } from '../lib/server-rights';
import { ServersTable } from './servers-table';

// The servers list: what each account is offered (`serverRights`, the server's staff rule) and when it
// says a standby serves (the server's `standby_serving`, docs/standby.md).

const admin = serverRights({ is_admin: true, group_id: ADMIN_GROUP_ID, staff: null });
const operations = serverRights({
  is_admin: false,
  group_id: USER_GROUP_ID,
  staff: { role: 'operations', scope_id: null },
});
const menuItems = ['reconcile', 'ecm', 'install', 'adopt', 'move-lines', 'promote-standby', 'delete'];

async function offered(servers: Server[], rights: typeof admin, name: string) {
  await renderPage(
    <ServersTable
      servers={servers}
      rights={rights}
      testing={new Set()}
      onTest={() => {}}
      onEdit={() => {}}
      onInstall={() => {}}
      onDelete={() => {}}
      onMoveLines={() => {}}
      onPromoted={() => {}}
      onEcmStats={() => {}}
    />,
    { answers: { 'GET /api/agent-install/release': { body: { version: null } } } },
  );
  const row = screen
    .getAllByTestId('server-row')
    .find((r) => within(r).queryByTestId('server-name')?.textContent === name)!;
  await userEvent.setup().click(within(row).getByTestId('server-actions-menu-button'));
  await screen.findByRole('menu');
  return {
    row,
    menu: menuItems.filter((item) => screen.queryByTestId(`server-${item}-button`) !== null),
  };
}

describe('the servers list', () => {
  const primary = serverFixture(1, 'Frankfurt 1', { standby_id: 2 });
  const spare = serverFixture(2, 'Frankfurt 2');

  it('offers an admin every action, the promotion on a server with a standby', async () => {
    const { row, menu } = await offered([primary, spare], admin, 'Frankfurt 1');
    expect(menu).toEqual(menuItems);
    expect(within(row).getByTestId('server-edit-button')).toBeTruthy();
  });

  it('offers an operations member its servers, standby, answer rate and moves, not what the admin alone does', async () => {
    const { row, menu } = await offered([primary, spare], operations, 'Frankfurt 1');
    expect(menu).toEqual(['ecm', 'move-lines', 'promote-standby', 'delete']);
    expect(within(row).getByTestId('server-edit-button')).toBeTruthy();
    expect(within(row).getByTestId('server-test-button')).toBeTruthy();
    expect(operations.standby).toBe(true);
  });

  it('says the standby serves when the server says so, whatever the status shows', async () => {
    const serving = serverFixture(1, 'Frankfurt 1', { standby_id: 2, standby_serving: true });
    const { row } = await offered([serving, spare], admin, 'Frankfurt 1');
    expect(within(row).getByTestId('server-standby').textContent).toBe(
      'This server is down: its standby Frankfurt 2 is serving its customers',
    );
  });

  it('names the standby alone while it does not serve', async () => {
    const { row } = await offered([primary, spare], admin, 'Frankfurt 1');
    expect(within(row).getByTestId('server-standby').textContent).toBe('Standby: Frankfurt 2');
  });
});
