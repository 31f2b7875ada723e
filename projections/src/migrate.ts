import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { ReadModelDbHandle } from './db.ts';
import { readModelFeatures } from './features.ts';
import { bumpReadEpoch } from './read-versions.ts';
import { opsMigrations, type OpsDbHandle } from './ops-db.ts';

/** Every feature's read-model migrations, by name; names (dated) sort in the order they run. */
export const readModelMigrations = (): Record<string, Migration> =>
  Object.assign({}, ...readModelFeatures.map((feature) => feature.migrations)) as Record<string, Migration>;

const migrate = async (db: Kysely<unknown>, schema: string, migrations: Record<string, Migration>): Promise<string[]> => {
  // IF NOT EXISTS does not hold against a concurrent creation: two processes starting on a fresh
  // database (start:api and start:projections) both created the schema and one failed on
  // pg_namespace's unique index. One at a time, under a lock named for the schema.
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`migrate:${schema}`}))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(trx);
  });
  const migrator = new Migrator({
    // Migrations are frozen against the schema as it was, so they take an untyped Kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: db as Kysely<any>,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  // Kysely types the failure as unknown.
  if (error) throw error instanceof Error ? error : new Error(`Migrating ${schema} failed`, { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};

/**
 * Brings the read-model schema up to date; safe to run from several processes at once. `before`: only
 * the migrations named before it (the schema as it was then: what a migration's spec starts from).
 */
export const migrateReadModels = async ({ db, schema }: ReadModelDbHandle, { before }: { before?: string } = {}): Promise<string[]> => {
  const migrations = Object.entries(readModelMigrations()).filter(([name]) => before === undefined || name < before);
  const applied = await migrate(db as Kysely<unknown>, schema, Object.fromEntries(migrations));
  // A migration may rewrite rows: no answer kept from before it is reused (read-versions.ts).
  if (applied.length > 0 && before === undefined) await bumpReadEpoch(db);
  return applied;
};

/** Brings the operational schema (reactors' state, rate limits) up to date. */
export const migrateOperationalState = ({ db, schema }: OpsDbHandle): Promise<string[]> => migrate(db as Kysely<unknown>, schema, opsMigrations);
