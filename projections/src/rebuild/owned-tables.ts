import { tablesByProjector } from '../features.ts';

/**
 * The read-model tables each projector writes (itself or through triggers on its tables), and no
 * other does: a rebuild of one projector swaps exactly these (those the schema has). Each feature
 * declares them (`owns` in its feature file); `checkOwnedTables` refuses to rebuild when a migrated
 * schema holds a table no projector owns.
 */
export const ownedTables: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(tablesByProjector).map(([projector, tables]) => [projector, Object.keys(tables)]),
);

/**
 * Tables their projector only ever inserts into (no lookups): their secondary indexes serve queries
 * alone, so a replay drops them and builds them once afterwards rather than maintaining them row by row.
 */
export const appendOnlyTables: readonly string[] = ['points_ledger', 'activities'];

/** Tables of the schema that are not read models: the checkpoints (rows moved, not the table) and kysely's migration log. */
export const bookkeepingTables: readonly string[] = ['projection_checkpoints', 'kysely_migration', 'kysely_migration_lock'];

/** Every table of the schema belongs to exactly one of `projectors`, and each of them is known. */
export const checkOwnedTables = (tablesInSchema: readonly string[], projectors: readonly string[]): void => {
  const owners = new Map<string, string>();
  for (const projector of projectors) {
    const tables = ownedTables[projector];
    if (!tables)
      throw new Error(
        `The rebuild does not know the tables of projector ${projector}: declare them in its feature's owns (projections/src/<feature>/<feature>.feature.ts)`,
      );
    for (const table of tables) owners.set(table, projector);
  }
  const unowned = tablesInSchema.filter((table) => !owners.has(table) && !bookkeepingTables.includes(table));
  if (unowned.length > 0)
    throw new Error(`No projector owns ${unowned.join(', ')}: declare it in a feature's owns (projections/src/<feature>/<feature>.feature.ts)`);
};
