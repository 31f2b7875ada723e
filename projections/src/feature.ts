import type { Migration } from 'kysely';
import type { ReadModels } from './db.ts';
import type { Projector } from './projector.ts';

/** What identifies a row of `Table`: one column or several (projector specs compare rows in its order). */
export type TableKey<Table extends keyof ReadModels> = (keyof ReadModels[Table] & string) | ReadonlyArray<keyof ReadModels[Table] & string>;

/** Tables a projector owns, each with its key. */
export type OwnedTables = { readonly [Table in keyof ReadModels]?: TableKey<Table> };

/**
 * What a feature brings to the read side: its projectors, the tables each of them writes (itself or
 * through triggers on its tables, and no other projector does), and the migrations of those tables.
 * A feature's table types join `ReadModels` by augmenting it (`declare module '../db.ts'`) in its
 * tables file; `feature-list.ts` lists the features, and a table no feature owns does not compile (`features.ts`).
 */
export interface ReadModelFeature {
  name: string;
  projectors: readonly Projector[];
  /** By projector name: the tables a rebuild of that projector swaps (those the schema has). */
  owns: { readonly [projector: string]: OwnedTables };
  /** Named `<date>-<n>_<what>`: names from every feature sort together into one order. */
  migrations: Record<string, Migration>;
  /**
   * The feature's tables that no projector writes: statement triggers on other tables keep them, in
   * the same transaction as every write there. By table: the tables whose writes fire them, and the
   * migration (of this feature) that creates the triggers. A rebuild swaps such a table with the
   * projector that owns the tables firing its triggers (`owns`). `fill`: the statement that sums the
   * table from scratch in a schema, from the tables its triggers watch (a rebuild's replay runs with
   * the triggers off and fills it once afterwards).
   */
  keptByTriggers?: {
    readonly [Table in keyof ReadModels]?: {
      readonly on: readonly (keyof ReadModels)[];
      readonly migration: string;
      readonly fill: (schema: string) => string;
    };
  };
}

/**
 * A feature whose tables are `Tables` (its `*.tables.ts` adds them to `ReadModels`), with the names of
 * the tables it owns kept in its type: features.ts checks every table is owned. `Tables` is named in
 * the feature's type so that every program listing the features also sees the tables.
 */
export const defineReadModelFeature =
  <Tables extends object>() =>
  <const F extends ReadModelFeature>(feature: F): F & { readonly tables?: Tables } =>
    feature;
