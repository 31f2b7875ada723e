import type { FetchArgs, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { CallError } from './api-errors.ts';
import { throughEveryPage } from './every-page.ts';

/** An answer read against what the call expects: its value, or the spec's text for why it is unusable. */
export type Reading<Result> = { data: Result } | { error: string };

type Answer<Meta> = QueryReturnValue<unknown, FetchBaseQueryError, Meta>;
/** The app's base query, as RTK Query hands it to a `queryFn`. */
type AppBaseQuery<Meta> = (args: string | FetchArgs) => Answer<Meta> | PromiseLike<Answer<Meta>>;

export interface CheckedQuery<Arg, Result> {
  request: (arg: Arg) => string | FetchArgs;
  read: (answer: unknown) => Reading<Result>;
  /** The text a failed request carries (no answer, an error status, a request that could not be built); without it the error is the base query's. */
  describe?: (error: FetchBaseQueryError) => string;
  /** What a failed call answers instead of an error, where the spec says so (a list that reads as empty). */
  fallback?: { data: Result };
}

const described = (error: FetchBaseQueryError, describe: ((error: FetchBaseQueryError) => string) | undefined): FetchBaseQueryError | CallError =>
  describe ? { ...error, message: describe(error) } : error;

const thrownText = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));

/**
 * A `queryFn` that never throws: the request goes through the app's base query (token, timeout,
 * the 401 log line) and every outcome is data the call expects or a `CallError`. A request that
 * cannot even be built (a path that cannot be encoded, a body that cannot be serialised) is a
 * CUSTOM_ERROR like the base query's own refusals, instead of an exception RTK Query would log.
 */
export const checkedQuery =
  <Arg, Result>({ request, read, describe, fallback }: CheckedQuery<Arg, Result>) =>
  async <Meta>(
    arg: Arg,
    _api: unknown,
    _extraOptions: unknown,
    baseQuery: AppBaseQuery<Meta>,
  ): Promise<QueryReturnValue<Result, FetchBaseQueryError | CallError, Meta>> => {
    let answer: Answer<Meta>;
    try {
      answer = await baseQuery(request(arg));
    } catch (thrown) {
      return fallback ?? { error: described({ status: 'CUSTOM_ERROR', error: thrownText(thrown) }, describe) };
    }
    if (answer.error) return fallback ? { ...fallback, meta: answer.meta } : { error: described(answer.error, describe), meta: answer.meta };
    const reading = read(answer.data);
    if ('data' in reading) return { data: reading.data, meta: answer.meta };
    if (fallback) return { ...fallback, meta: answer.meta };
    // No `data`: nothing of an unusable answer should reach a screen as if the server had said it.
    return { error: { status: 'CUSTOM_ERROR', error: reading.error, message: reading.error }, meta: answer.meta };
  };

/** Reads each page of a list with `read` and joins their items in order; the first unusable page is the reading's error. */
const everyPageRead =
  <Item>(read: (answer: unknown) => Reading<Item[]>) =>
  (pages: unknown): Reading<Item[]> => {
    const items: Item[] = [];
    for (const page of pages as unknown[]) {
      const reading = read(page);
      if ('error' in reading) return reading;
      items.push(...reading.data);
    }
    return { data: items };
  };

/**
 * `checkedQuery` for a list the server answers a page at a time (contracts/src/common/paging.ts), read
 * whole: every page (lib/api/every-page.ts), each checked by `read` as a single answer was, their items
 * joined in the server's order. A failing or unusable page fails the call — or answers `fallback` —
 * exactly as the one answer did before: half a list must not pass for all of it.
 */
export const checkedListQuery = <Arg, Item>(options: CheckedQuery<Arg, Item[]>) => {
  const call = checkedQuery<Arg, Item[]>({ ...options, read: everyPageRead(options.read) });
  return <Meta>(arg: Arg, api: unknown, extraOptions: unknown, baseQuery: AppBaseQuery<Meta>) => call(arg, api, extraOptions, throughEveryPage(baseQuery));
};
