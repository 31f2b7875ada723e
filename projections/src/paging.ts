import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PagePosition } from '@tracker/contracts/common/paging';

/** What a list query reads: at most `limit` items strictly after `after` (from the start without it). */
export interface PageRequest {
  limit: number;
  after?: PagePosition | undefined;
}

/** Items of one page, and where the next one starts (null: this was the last). */
export interface Page<Item> {
  items: Item[];
  next: PagePosition | null;
}

/**
 * Newest first — `created_at desc, id desc`, the order every list of items answers in — from the
 * position after `page.after` (a keyset: rows created meanwhile come before it and shift nothing),
 * reading one row more than the page so the answer knows whether another page follows. The
 * `*_by_user_newest` indexes (user_id, created_at desc, id desc; migration 0009) walk this order.
 * Instants are written in milliseconds (the app's clock), so a position read back through a JS Date
 * is exact.
 */
export const newestFirstPage = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: PageRequest): SelectQueryBuilder<DB, TB, O> =>
  newestFirstRows(query, page.limit + 1, page.after);

/**
 * `rows` rows newest first after `after`: what `newestFirstPage` reads, with each value only passed
 * on (so a statement built once, `preparedRead`, can hold it).
 */
export const newestFirstRows = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  rows: number,
  after: PagePosition | undefined,
): SelectQueryBuilder<DB, TB, O> => {
  const from = after ? query.where(sql<SqlBool>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`) : query;
  return from
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(rows);
};

/** Rows as `newestFirstPage` read them (one more than the page): the page's rows and where the next page starts. */
export const pageOf = <Row extends { created_at: Date; id: string }>(rows: Row[], page: PageRequest): Page<Row> => {
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items, next: rows.length > page.limit && last ? { createdAt: last.created_at.toISOString(), id: last.id } : null };
};

/**
 * A newest-first query's rows: one page of them, or all of them when no page is asked for (callers
 * inside the server). `run` sends the page's query (e.g. as a named statement, `prepared`).
 */
export const readNewestFirst = async <DB, TB extends keyof DB, O extends { created_at: Date; id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  page?: PageRequest,
  run: (query: SelectQueryBuilder<DB, TB, O>) => Promise<O[]> = (paged) => paged.execute(),
): Promise<Page<O>> => {
  if (page) return pageOf(await run(newestFirstPage(query, page)), page);
  const rows = (await query
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .execute()) as O[];
  return { items: rows, next: null };
};
