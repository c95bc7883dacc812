import { lineListQuerySchema } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { cappedTotal, pageWindow } from './lines-paging.js';

// Which lines a page of the list holds, and how many the answer says there are: a wrong offset shows
// a page twice or skips one; a wrong cap says "10,000" where there are more, or counts them all.

describe('pageWindow', () => {
  it('reads the rows of the page asked for, as the query parses it', () => {
    const window = (query: Record<string, string>) => pageWindow(lineListQuerySchema.parse(query));
    // No page asked: the first 25, newest first.
    expect(window({})).toEqual({ limit: 25, offset: 0 });
    expect(window({ page: '2' })).toEqual({ limit: 25, offset: 25 });
    expect(window({ page: '100', page_size: '100' })).toEqual({ limit: 100, offset: 9_900 });
    // Neighbouring pages meet: the last row of page 3 is just before the first of page 4.
    const third = window({ page: '3', page_size: '10' });
    expect(third.offset + third.limit).toBe(window({ page: '4', page_size: '10' }).offset);
  });

  it('refuses a page or size the list does not serve rather than reading a wrong window', () => {
    expect(lineListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(lineListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(lineListQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
  });
});

describe('cappedTotal', () => {
  it('tells the exact total up to the cap, and the cap as a lower bound past it', () => {
    expect(cappedTotal(0, 10_000)).toEqual({ total: 0, total_is_lower_bound: false });
    expect(cappedTotal(9_999, 10_000)).toEqual({ total: 9_999, total_is_lower_bound: false });
    // Exactly the cap is still exact: the count read one row more than the cap to know.
    expect(cappedTotal(10_000, 10_000)).toEqual({ total: 10_000, total_is_lower_bound: false });
    expect(cappedTotal(10_001, 10_000)).toEqual({ total: 10_000, total_is_lower_bound: true });
  });
});
