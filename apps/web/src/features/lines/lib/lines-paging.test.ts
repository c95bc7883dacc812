import { describe, expect, it } from 'vitest';
import { linesPaging } from './lines-paging';

// The footer a reseller reads under the lines table ("26–50 of 60") and whether "next" can be
// pressed: wrong, it hides the last page or offers an empty one.

const exact = { totalIsLowerBound: false, endReached: false };

describe('linesPaging', () => {
  it('shows which rows of an exact total a page holds, and offers next only while rows are left', () => {
    expect(linesPaging({ ...exact, page: 0, pageSize: 25, total: 60, rows: 25 })).toEqual({
      from: 1,
      to: 25,
      count: 60,
      hasNextPage: true,
    });
    expect(linesPaging({ ...exact, page: 1, pageSize: 25, total: 60, rows: 25 })).toMatchObject({
      from: 26,
      to: 50,
      hasNextPage: true,
    });
    expect(linesPaging({ ...exact, page: 2, pageSize: 25, total: 60, rows: 10 })).toEqual({
      from: 51,
      to: 60,
      count: 60,
      hasNextPage: false,
    });
    // A total that fills its last page exactly: no empty page after it.
    expect(linesPaging({ ...exact, page: 1, pageSize: 25, total: 50, rows: 25 }).hasNextPage).toBe(false);
  });

  it('shows 0–0 of 0 for an empty list, with nothing to page to', () => {
    expect(linesPaging({ ...exact, page: 0, pageSize: 25, total: 0, rows: 0 })).toEqual({
      from: 0,
      to: 0,
      count: 0,
      hasNextPage: false,
    });
  });

  it('past the count cap keeps next open while pages are full, and counts past the page shown', () => {
    const capped = { totalIsLowerBound: true, endReached: false, pageSize: 25, total: 10_000 };
    expect(linesPaging({ ...capped, page: 0, rows: 25 })).toEqual({
      from: 1,
      to: 25,
      count: 10_001,
      hasNextPage: true,
    });
    // A page that came back short has nothing after it, whatever the count says.
    expect(linesPaging({ ...capped, page: 3, rows: 24 }).hasNextPage).toBe(false);
    // Page 401 (0-based 400) is past the cap: its rows are still numbered, not cut at 10,000.
    expect(linesPaging({ ...capped, page: 400, rows: 25 })).toEqual({
      from: 10_001,
      to: 10_025,
      count: 10_026,
      hasNextPage: true,
    });
  });

  it('past the cap, a page that is not full is the last one and its count is exact', () => {
    expect(
      linesPaging({
        totalIsLowerBound: true,
        endReached: true,
        page: 401,
        pageSize: 25,
        total: 10_032,
        rows: 7,
      }),
    ).toEqual({ from: 10_026, to: 10_032, count: 10_032, hasNextPage: false });
    // A full page the server said is the end: nothing after it either.
    expect(
      linesPaging({ totalIsLowerBound: true, endReached: true, page: 0, pageSize: 25, total: 25, rows: 25 })
        .hasNextPage,
    ).toBe(false);
  });
});
