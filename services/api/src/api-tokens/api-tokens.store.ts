import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ApiToken } from '@tracker/contracts/api-tokens/http';
import type { OperationalTables } from '@tracker/projections/ops-db';
import type { ApiTokensTable } from '@tracker/projections/api-tokens/api-tokens.tables';

type Db = Kysely<OperationalTables> | Transaction<OperationalTables>;
export type ApiTokenRow = Selectable<ApiTokensTable>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A token as the user sees it: never its hash. */
export const apiTokenOf = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  createdAt: iso(row.created_at)!,
  lastUsedAt: iso(row.last_used_at),
});

/** The user's tokens, oldest first. */
export const listApiTokens = async (db: Db, userId: string): Promise<ApiToken[]> =>
  (await db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute()).map(apiTokenOf);
