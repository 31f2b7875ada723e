import pg from 'pg';

/** Counts SQL statements sent by every pg client of this process (the API, the runner, read-your-writes). */
export interface StatementCounter {
  /** Statements sent since the counter was installed. */
  count(): number;
  /** Puts pg's own `query` back. */
  uninstall(): void;
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Wraps `pg.Client.prototype.query`: every statement of a pool or of Kysely goes through it exactly
 * once (Pool#query hands over to a client's), so the count is per statement sent, whoever sends it.
 * A multi-statement string counts as one.
 */
export const installStatementCounter = (): StatementCounter => {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  let statements = 0;
  prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]): unknown {
    statements++;
    return original.apply(this, args);
  };
  return {
    count: () => statements,
    uninstall: () => {
      prototype.query = original;
    },
  };
};
