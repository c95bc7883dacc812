/**
 * The lines list's paging, on the server: which rows a page reads, and what the answer says of the
 * total. The count reads at most `cap + 1` rows (`countUpTo`), so past the cap the total is the cap
 * and is marked a lower bound ("10,000+"); the web pages on while pages are full.
 */
export function pageWindow(query: { page: number; page_size: number }): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

export function cappedTotal(counted: number, cap: number): { total: number; total_is_lower_bound: boolean } {
  return { total: Math.min(counted, cap), total_is_lower_bound: counted > cap };
}
