import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { perContext } from '../../platform/per-context.js';
import type { LineFilter } from './line-list-filter.js';
import { linesListRepository } from './lines-list.repository.js';

// The search's trigram index finds the lines holding every three-letter part of the search, and a
// part that most lines hold costs it a walk through nearly all of them: on 100,000 lines whose names
// all say "customer", looking up "customer12345" read 183 of the index's pages, "r12345" 9, to find
// the same one line (PostgreSQL's EXPLAIN with BUFFERS).
// So the index is asked for the search without the common parts at its ends, and every line it
// finds is checked for the whole search. Which parts are common is learnt from a random sample of
// the lines; nothing in the answer depends on it, only how fast it comes.

/** Lines in the sample. */
const SAMPLE_SIZE = 1000;
/** A sample this old is read again in the background, the old one serving meanwhile. */
const SAMPLE_MAX_AGE_MS = 10 * 60_000;
/**
 * A panel with fewer lines than this is searched with the whole search: it is quick there, and a
 * sample of so few says little. Such a sample is read again after `SMALL_SAMPLE_MAX_AGE_MS`, so a
 * panel that has just imported its lines soon searches them the quick way.
 */
const MIN_SAMPLE = 200;
const SMALL_SAMPLE_MAX_AGE_MS = 30_000;
/** A three-letter part found in this share of the sampled lines or more is common. */
const COMMON_SHARE = 0.05;
/**
 * A search held by this share of the sampled lines or more is common: walking the list's order finds
 * a page of it within some 25 / share lines (1,250 at most), fewer than the index would hand over.
 */
const COMMON_SEARCH_SHARE = 0.02;
/** Windows kept per sample: the same searches come again while a list is paged and refreshed. */
const KEPT_WINDOWS = 500;

export type SearchSample = {
  texts: string[];
  /** In how many of `texts` each three-letter part occurs. */
  trigramCounts: Map<string, number>;
};

/** The three-letter parts of a text, each once (by code point, as the database's text is). */
function trigramsOf(chars: string[]): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) found.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return found;
}

export function searchSample(texts: string[]): SearchSample {
  const trigramCounts = new Map<string, number>();
  for (const text of texts) {
    for (const trigram of trigramsOf(Array.from(text))) {
      trigramCounts.set(trigram, (trigramCounts.get(trigram) ?? 0) + 1);
    }
  }
  return { texts, trigramCounts };
}

/**
 * The part of `needle` (lower-cased, as the lines' search text is) for the index to look up: the
 * needle less the common three-letter parts at either end, at least three letters long. The whole
 * needle where nothing is common, or where the shorter part would let through more of the sampled
 * lines than the needle does (the common parts were what told them apart).
 */
export function searchWindow(needle: string, sample: SearchSample): string {
  const chars = Array.from(needle);
  if (chars.length <= 3 || sample.texts.length < MIN_SAMPLE) return needle;
  const common = COMMON_SHARE * sample.texts.length;
  const countOf = (from: number) => sample.trigramCounts.get(chars.slice(from, from + 3).join('')) ?? 0;
  let start = 0;
  let end = chars.length;
  while (end - start > 3) {
    const head = countOf(start);
    const tail = countOf(end - 3);
    if (Math.max(head, tail) < common) break;
    if (head >= tail) start += 1;
    else end -= 1;
  }
  if (start === 0 && end === chars.length) return needle;
  const window = chars.slice(start, end).join('');
  return holdingCount(window, sample) > holdingCount(needle, sample) ? needle : window;
}

/** How many of the sampled lines hold `part`. */
function holdingCount(part: string, sample: SearchSample): number {
  return sample.texts.reduce((n, text) => n + (text.includes(part) ? 1 : 0), 0);
}

/** Whether so many lines hold `needle` (lower-cased) that a page is found by walking the list's order. */
export function searchIsCommon(needle: string, sample: SearchSample): boolean {
  if (sample.texts.length < MIN_SAMPLE) return false;
  return holdingCount(needle, sample) >= COMMON_SEARCH_SHARE * sample.texts.length;
}

/** How a search is looked up: see `LineFilter`'s `searchWindow` and `searchCommon`. */
type SearchLookup = { window: string; common: boolean };

type SampleState = {
  sample: SearchSample | null;
  takenAt: number;
  loading: Promise<SearchSample> | null;
  windows: Map<string, SearchLookup>;
};

const sampleState = perContext((): SampleState => ({
  sample: null,
  takenAt: 0,
  loading: null,
  windows: new Map(),
}));

/** A new random sample of the lines' search texts. */
export async function readSearchSample(db: Db): Promise<SearchSample> {
  return searchSample(await linesListRepository.sampleSearchTexts(db, SAMPLE_SIZE));
}

function loadSample(ctx: AppContext, state: SampleState): Promise<SearchSample> {
  state.loading ??= readSearchSample(ctx.db)
    .then((sample) => {
      state.sample = sample;
      state.takenAt = Date.now();
      state.windows = new Map();
      return state.sample;
    })
    .finally(() => {
      state.loading = null;
    });
  return state.loading;
}

/**
 * The filter with its search's window (`searchWindow`) and whether it is common (`searchIsCommon`),
 * both over this instance's sample of the lines.
 */
export async function withSearchWindow(ctx: AppContext, filter: LineFilter): Promise<LineFilter> {
  if (!filter.search) return filter;
  const needle = filter.search.toLowerCase();
  const state = sampleState(ctx);
  let sample = state.sample;
  if (!sample) {
    sample = await loadSample(ctx, state);
  } else if (
    Date.now() - state.takenAt >
    (sample.texts.length < MIN_SAMPLE ? SMALL_SAMPLE_MAX_AGE_MS : SAMPLE_MAX_AGE_MS)
  ) {
    loadSample(ctx, state).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'the lines search sample could not be read again'),
    );
  }
  let lookup = state.windows.get(needle);
  if (lookup === undefined) {
    lookup = { window: searchWindow(needle, sample), common: searchIsCommon(needle, sample) };
    if (state.windows.size >= KEPT_WINDOWS) state.windows.clear();
    state.windows.set(needle, lookup);
  }
  return { ...filter, searchWindow: lookup.window, searchCommon: lookup.common };
}
