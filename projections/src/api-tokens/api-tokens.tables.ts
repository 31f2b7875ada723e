import type { ColumnType } from 'kysely';

type Instant = ColumnType<Date, Date | string, Date | string>;

/** A personal API token (operational state, schema ops): see services/api/src/api-tokens. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  scopes: Array<'read' | 'write'>;
  /** SHA-256 (hex) of the whole token: the token itself is shown once and never stored. */
  token_hash: string;
  created_at: Instant;
  /** Moved at most once a minute per token, not on every request. */
  last_used_at: Instant | null;
}
