import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from '../migrations/all.ts';
import type { ReadModelDbHandle } from './db.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the read-model schema up to date; safe to run from several processes at once. */
export const migrateReadModels = async ({ db, schema }: ReadModelDbHandle): Promise<string[]> => {
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    // Migrations are frozen against the schema as it was, so they take an untyped Kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: db as Kysely<any>,
    provider,
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
