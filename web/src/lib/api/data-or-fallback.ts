/**
 * spec.md §8: a read that failed shows an empty, zero or default value rather than nothing: its
 * last data if it had any, else `fallback`; undefined while it is still loading. The query's error
 * stays where it was, for a screen that says the read failed and offers a retry.
 */
export const dataOrFallback = <T>(query: { data?: T | undefined; error?: unknown }, fallback: T): T | undefined =>
  query.data ?? (query.error === undefined ? undefined : fallback);
