import type { FetchArgs, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { CallError } from './api-errors.ts';

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
