import type { OwnedTables, ReadModelFeature } from './feature.ts';
import * as listed from './feature-list.ts';
import type { ReadModels } from './db.ts';

/**
 * Every feature of the read side (feature-list.ts, one line each): the runner, the migrator and
 * rebuilds take their projectors and tables from here, in the list's name order. Nothing relies on
 * that order: a projector writes only the tables it owns (one owner each, checked below), the
 * per-day sums' triggers that read user_settings re-sum a user's days once the zone they were summed
 * in is not the setting's, and migrations run in the order of their names.
 */
export const readModelFeatures: ReadonlyArray<(typeof listed)[keyof typeof listed]> = Object.values(listed) satisfies readonly ReadModelFeature[];

type OwnedBy<F> = F extends { owns: infer Owns } ? { [Projector in keyof Owns]: keyof Owns[Projector] }[keyof Owns] : never;
/** A read-model table no feature's projector owns: a rebuild could not swap it, and a spec could not compare its rows. */
type Unowned = Exclude<keyof ReadModels, OwnedBy<(typeof readModelFeatures)[number]> | 'projection_checkpoints'>;
// Fails to compile, naming the table, when a feature adds a table and no projector of it owns it.
const everyTableOwned: [Unowned] extends [never] ? true : { unowned: Unowned } = true;
void everyTableOwned;

/** Every projector's tables with their keys, by projector name. */
export const tablesByProjector: Readonly<Record<string, OwnedTables>> = Object.fromEntries(
  readModelFeatures.flatMap((feature) => Object.entries(feature.owns as Record<string, OwnedTables>)),
);

export const allProjectors = readModelFeatures.flatMap((feature) => feature.projectors);

/** The tables statement triggers keep (no projector writes them), by name: the tables whose writes fire them, and how to fill one from scratch. */
export const tablesKeptByTriggers: Readonly<Record<string, { on: readonly string[]; fill: (schema: string) => string }>> = Object.fromEntries(
  readModelFeatures.flatMap((feature) => Object.entries((feature as ReadModelFeature).keptByTriggers ?? {})),
);
