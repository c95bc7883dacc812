import {
  addDays,
  ADMIN_GROUP_ID,
  isoDate,
  RESELLER_GROUP_ID,
  USER_GROUP_ID,
  type Line,
} from '@linedesk/shared';
import type { GridPaginationModel, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { lineRights, type LineRights } from '../lib/line-rights';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { LinesTable } from './lines-table';

// The desktop lines list as a reseller uses it: what a row says (status, days left, expiry), the
// footer's "1–25 of 60" and its arrows, sorting by a column, ticking rows. Paging and sorting happen
// on the server: the table must ask for the right page and order, which the harness records.

const today = isoDate(new Date());

function line(id: number, overrides: Partial<Line> = {}): Line {
  return {
    id,
    username: `customer-${id}`,
    password: `pw-${id}`,
    protocol: 'cccam',
    host_port: ['tv.example.com:12000'],
    user_value: null,
    added_date: today,
    expiry_date: addDays(today, 40),
    live_channel: 'Info',
    info: 'Info',
    notes: null,
    enabled: true,
    status: 'active',
    name: null,
    company: null,
    role: null,
    avatar_url: null,
    email: null,
    language: null,
    owner_id: 'reseller-1',
    owner_email: 'shop@example.com',
    server_id: 3,
    server_name: 'Frankfurt 1',
    newcamd_des_key: '0102030405060708091011121314',
    is_trial: false,
    subscription_months: 1,
    plan_id: 1,
    created_at: `${today}T09:00:00.000Z`,
    updated_at: `${today}T09:00:00.000Z`,
    sync_state: 'synced',
    sync_error: null,
    sync_error_code: null,
    sync_error_params: null,
    synced_at: `${today}T09:00:01.000Z`,
    ...overrides,
  };
}

type Asked = { sort: GridSortModel[]; pages: GridPaginationModel[]; selections: number[][] };

function Harness(props: {
  rows: Line[];
  total: number;
  totalIsLowerBound?: boolean;
  admin?: boolean;
  rights?: LineRights;
  page?: number;
  asked: Asked;
}) {
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: props.page ?? 0, pageSize: 25 });
  return (
    <LinesTable
      rows={props.rows}
      total={props.total}
      totalIsLowerBound={props.totalIsLowerBound ?? false}
      endReached={false}
      filtered={false}
      loading={false}
      paginationModel={pagination}
      onPaginationModelChange={(model) => {
        props.asked.pages.push(model);
        setPagination(model);
      }}
      busy={new Set()}
      onAction={vi.fn()}
      rights={
        props.rights ??
        lineRights({
          is_admin: props.admin ?? false,
          group_id: props.admin ? ADMIN_GROUP_ID : RESELLER_GROUP_ID,
          permissions: ['view_users'],
          staff: null,
        })
      }
      admin={props.admin ?? false}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        props.asked.sort.push(model);
        setSortModel(model);
      }}
      selection={selection}
      onSelectionChange={(model) => {
        props.asked.selections.push([...model.ids].map(Number).sort((a, b) => a - b));
        setSelection(model);
      }}
      columnVisibility={{}}
      onColumnVisibilityChange={vi.fn()}
      density="standard"
      onDensityChange={vi.fn()}
    />
  );
}

const asked = (): Asked => ({ sort: [], pages: [], selections: [] });
const rowOf = (username: string) =>
  screen.getAllByTestId('line-row').find((row) => within(row).queryByText(username, { exact: true }))!;

describe('the lines table', () => {
  it("shows each line's status, days left and expiry as DD-MM-YYYY", async () => {
    const expiringSoon = addDays(today, 3);
    const [y, m, d] = expiringSoon.split('-');
    await renderPage(
      <Harness
        asked={asked()}
        total={3}
        rows={[
          line(1, { expiry_date: expiringSoon }),
          line(2, { expiry_date: addDays(today, -2), status: 'expired' }),
          line(3, { enabled: false, status: 'suspended' }),
        ]}
      />,
    );
    const soon = rowOf('customer-1');
    expect(within(soon).getByText('Active')).toBeTruthy();
    expect(within(soon).getByTestId('line-days-left').textContent).toBe('3 days');
    expect(within(soon).getByTestId('line-days-left').dataset.tone).toBe('soon');
    expect(soon.textContent).toContain(`${d}-${m}-${y}`);
    const expired = rowOf('customer-2');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).getByTestId('line-days-left').textContent).toBe('Expired 2 days ago');
    expect(within(rowOf('customer-3')).getByText('Suspended')).toBeTruthy();
    // Only an admin sees whose line it is.
    expect(screen.queryByTestId('line-owner')).toBeNull();
  });

  it('shows the owner column to an admin', async () => {
    await renderPage(<Harness asked={asked()} total={1} rows={[line(1)]} admin />);
    const owner = within(rowOf('customer-1')).getByTestId('line-owner');
    // The address in two parts, so a narrow column still tells owners apart; whole on hover.
    expect(owner.textContent).toBe('shop@example.com');
    expect(owner.getAttribute('title')).toBe('shop@example.com');
  });

  it('pages: "1–25 of 60", previous closed on the first page, next asks for the second', async () => {
    const user = userEvent.setup();
    const log = asked();
    const rows = Array.from({ length: 25 }, (_, i) => line(i + 1));
    await renderPage(<Harness asked={log} total={60} rows={rows} />);
    expect(screen.getByTestId('lines-rows-shown').textContent).toBe('1–25 of 60');
    const previous = screen.getByRole('button', { name: /previous page/i });
    const next = screen.getByRole('button', { name: /next page/i });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    await user.click(next);
    expect(log.pages).toEqual([{ page: 1, pageSize: 25 }]);
    expect(screen.getByTestId('lines-rows-shown').textContent).toBe('26–50 of 60');
    // A new page size starts again from the first page.
    await user.selectOptions(screen.getByLabelText('Rows per page:'), '50');
    expect(log.pages.at(-1)).toEqual({ page: 0, pageSize: 50 });
  });

  it('on the last page, next is closed', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => line(i + 51));
    await renderPage(<Harness asked={asked()} total={60} rows={rows} page={2} />);
    expect(screen.getByTestId('lines-rows-shown').textContent).toBe('51–60 of 60');
    expect((screen.getByRole('button', { name: /next page/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('past the count cap says "10,000+" and keeps next open', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => line(i + 1));
    await renderPage(<Harness asked={asked()} total={10_000} totalIsLowerBound rows={rows} />);
    expect(screen.getByTestId('lines-rows-shown').textContent).toBe('1–25 of 10,000+');
    expect((screen.getByRole('button', { name: /next page/i }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sorts by a column: ascending first, then descending, and marks the column sorted', async () => {
    const user = userEvent.setup();
    const log = asked();
    await renderPage(<Harness asked={log} total={1} rows={[line(1)]} />);
    const header = () => screen.getByRole('columnheader', { name: /Expiry date/ });
    expect(header().getAttribute('aria-sort')).toBeNull();
    await user.click(within(header()).getByRole('button'));
    expect(log.sort.at(-1)).toEqual([{ field: 'expiry_date', sort: 'asc' }]);
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header()).getByRole('button'));
    expect(log.sort.at(-1)).toEqual([{ field: 'expiry_date', sort: 'desc' }]);
    expect(header().getAttribute('aria-sort')).toBe('descending');
  });

  it('ticks single rows, and the header box ticks or clears the whole page', async () => {
    const user = userEvent.setup();
    const log = asked();
    await renderPage(<Harness asked={log} total={3} rows={[line(1), line(2), line(3)]} />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    await user.click(within(rowOf('customer-2')).getByRole('checkbox'));
    expect(log.selections.at(-1)).toEqual([2]);
    // Some ticked: the header box is half-ticked.
    expect(all.checked).toBe(false);
    expect(all.dataset.indeterminate).toBe('true');
    await user.click(all);
    expect(log.selections.at(-1)).toEqual([1, 2, 3]);
    expect(all.checked).toBe(true);
    await user.click(all);
    expect(log.selections.at(-1)).toEqual([]);
  });

  it('offers a support member, who only reads lines, no renewal and no change in its menu', async () => {
    const support = lineRights({
      is_admin: false,
      group_id: USER_GROUP_ID,
      permissions: [],
      staff: { role: 'support', scope_id: null },
    });
    await renderPage(<Harness asked={asked()} total={1} rows={[line(1)]} rights={support} />);
    const row = rowOf('customer-1');
    expect(within(row).queryByTestId('line-renew-button')).toBeNull();
    within(row).getByTestId('line-actions-menu-button').click();
    await screen.findByTestId('line-edit-menu-item');
    expect(screen.getByTestId('line-copy-connection-menu-item')).toBeTruthy();
    for (const item of ['renew', 'freeze', 'give', 'toggle', 'delete']) {
      expect(screen.queryByTestId(`line-${item}-menu-item`)).toBeNull();
    }
  });
});
