import { encodeCursor, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type PagePosition } from '@tracker/contracts/common/paging';
import type { PageRequest } from '@tracker/projections/paging';

/** Said in the summary of every paged route (and so in the OpenAPI document). */
export const PAGED = `a page at a time: limit (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}), and nextCursor (null on the last page) sent back as cursor`;

/** The page a request's `limit` and `cursor` ask for. */
export const pageRequestOf = (query: { limit?: number | undefined; cursor?: PagePosition | undefined }): PageRequest => ({
  limit: query.limit ?? PAGE_SIZE_DEFAULT,
  after: query.cursor,
});

/** The answer's `nextCursor`: where the next page starts, null after the last. */
export const nextCursorOf = (next: PagePosition | null): string | null => (next ? encodeCursor(next) : null);
