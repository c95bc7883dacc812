/**
 * The lines table's footer: which rows a page shows and whether a next page exists. Past the
 * server's count cap (`total_is_lower_bound`) the total is only a floor: the footer reads
 * "1–25 of 10,000+" and "next" stays open while pages are full; a page that is not full is the end,
 * and from there the count is exact.
 */
export type LinesPaging = {
  /** The first and last row of this page, 1-based; 0 and 0 for an empty list. */
  from: number;
  to: number;
  /** The count the footer shows ("of N"). */
  count: number;
  hasNextPage: boolean;
};

export function linesPaging(input: {
  /** 0-based, as the table's pagination model. */
  page: number;
  pageSize: number;
  total: number;
  totalIsLowerBound: boolean;
  endReached: boolean;
  /** Rows this page came back with. */
  rows: number;
}): LinesPaging {
  const { page, pageSize, total, totalIsLowerBound, endReached, rows } = input;
  const count = totalIsLowerBound && !endReached ? Math.max(total, (page + 1) * pageSize) + 1 : total;
  const hasNextPage = totalIsLowerBound ? !endReached && rows === pageSize : (page + 1) * pageSize < total;
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(count, (page + 1) * pageSize);
  return { from, to, count, hasNextPage };
}
