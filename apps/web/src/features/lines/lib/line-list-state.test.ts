import { describe, expect, it } from 'vitest';
import { lineExportUrl, toLineQuery } from '../api/lines-api';
import { filterOf, readLineListState } from './line-list-state';

describe('line list state in the address', () => {
  it('reads a full filter and writes the same query back', () => {
    const search = new URLSearchParams(
      'page=3&page_size=50&search=bob&sort=expiry_date&order=asc&status=expired&server_id=4&owner_id=abc&expiring_within_days=7&sync_state=failing',
    );
    const state = readLineListState(search);
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      search: 'bob',
      sort: 'expiry_date',
      order: 'asc',
      status: 'expired',
      serverId: 4,
      ownerId: 'abc',
      expiringWithinDays: 7,
      syncState: 'failing',
    });
    expect(Object.fromEntries(toLineQuery(state))).toEqual(Object.fromEntries(search));
  });

  it('ignores what it does not know and defaults the page', () => {
    expect(
      readLineListState(new URLSearchParams('page=-1&page_size=7&status=weird&sort=password&server_id=x')),
    ).toEqual({
      page: 1,
      pageSize: 25,
      search: undefined,
      sort: undefined,
      order: undefined,
      status: undefined,
      serverId: undefined,
      ownerId: undefined,
      expiringWithinDays: undefined,
      syncState: undefined,
    });
  });

  it('reads the presence quick filters, and only "true" turns one on', () => {
    const state = readLineListState(new URLSearchParams('online=true&sharing=false'));
    expect(state).toMatchObject({ online: true, sharing: undefined });
    expect(toLineQuery(filterOf(state)).toString()).toBe('online=true');
    expect(readLineListState(new URLSearchParams('online=yes')).online).toBeUndefined();
  });

  it('exports the current filter without the page', () => {
    const state = readLineListState(new URLSearchParams('page=2&status=active&search=x'));
    expect(lineExportUrl(filterOf(state))).toBe('/api/lines/export.csv?search=x&status=active');
  });
});
