import type { FetchArgs, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';

type Answer<Meta> = QueryReturnValue<unknown, FetchBaseQueryError, Meta>;
/** The app's base query, as RTK Query hands it to a `queryFn`. */
export type AppBaseQuery<Meta> = (args: string | FetchArgs) => Answer<Meta> | PromiseLike<Answer<Meta>>;

/** Every page's answer, oldest request first, with the first answer's meta (its headers: a file name). */
export type EveryPage<Meta> = { pages: unknown[]; meta: Meta | undefined } | { error: FetchBaseQueryError; meta: Meta | undefined };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The cursor of the page after this answer: none on the last page, or from an answer without one (a bare array). */
export const nextCursorOf = (answer: unknown): string | undefined =>
  isRecord(answer) && typeof answer.nextCursor === 'string' && answer.nextCursor !== '' ? answer.nextCursor : undefined;

/** The list under `key` (or a bare array) of each page, joined in order. */
export const joinedList = (pages: readonly unknown[], key: string): unknown[] =>
  pages.flatMap((page) => (Array.isArray(page) ? (page as unknown[]) : isRecord(page) && Array.isArray(page[key]) ? (page[key] as unknown[]) : []));

/**
 * A list the server answers a page at a time (contracts/src/common/paging.ts), read whole: the first
 * page, then each `nextCursor` sent back as `cursor` until a page has none. For the screens that
 * show a whole list or range and for the export, which must be complete. The first request is the
 * one the route always took (no limit, no cursor). A failing page fails the whole read: half a list
 * shown as if it were all of it would mislead. A cursor answered twice ends the read rather than
 * looping.
 */
export const everyPage = async <Meta>(baseQuery: AppBaseQuery<Meta>, request: (cursor: string | undefined) => string | FetchArgs): Promise<EveryPage<Meta>> => {
  const pages: unknown[] = [];
  const seen = new Set<string>();
  let meta: Meta | undefined;
  let cursor: string | undefined;
  do {
    const answer = await baseQuery(request(cursor));
    meta ??= answer.meta;
    if (answer.error) return { error: answer.error, meta: answer.meta };
    pages.push(answer.data);
    if (cursor !== undefined) seen.add(cursor);
    cursor = nextCursorOf(answer.data);
  } while (cursor !== undefined && !seen.has(cursor));
  return { pages, meta };
};

/** A request's params with the page's cursor added (the first page's request is left as it was). */
export const withCursor = <Params extends Record<string, string>>(params: Params, cursor: string | undefined): Params | (Params & { cursor: string }) =>
  cursor === undefined ? params : { ...params, cursor };

/**
 * The base query as a whole-list read: a request is sent, then again with each `nextCursor` as
 * `cursor` (`everyPage`); the answer is the pages' answers in order, the error the first failing
 * page's. For a `checkedQuery`, which then checks each page as it checked the one answer before.
 */
export const throughEveryPage =
  <Meta>(baseQuery: AppBaseQuery<Meta>): AppBaseQuery<Meta> =>
  async (args) => {
    const first: FetchArgs = typeof args === 'string' ? { url: args } : args;
    const read = await everyPage(baseQuery, (cursor) => (cursor === undefined ? args : { ...first, params: { ...first.params, cursor } }));
    return 'error' in read ? { error: read.error, meta: read.meta } : { data: read.pages, meta: read.meta };
  };
