import { describe, expect, it } from 'vitest';
import type { ReadModelFeature } from '../feature.ts';
import { readModelFeatures } from '../features.ts';
import { dashboardReadModels } from './dashboard.feature.ts';

// The registration tells the truth about the per-day sums: no projector writes them, the triggers of
// one of the feature's own migrations do, and a rebuild swaps each with the tables that fire it.
describe('tables kept by triggers', () => {
  const features: readonly ReadModelFeature[] = readModelFeatures;
  const owners = features.flatMap((feature) => Object.entries(feature.owns).map(([projector, tables]) => ({ projector, tables: Object.keys(tables) })));
  const ownerOf = (table: string) => owners.filter((owner) => owner.tables.includes(table)).map((owner) => owner.projector);

  it('declares every dashboard table as kept by triggers, the dashboard having no projector', () => {
    expect(dashboardReadModels.projectors).toEqual([]);
    expect(Object.keys(dashboardReadModels.keptByTriggers).sort()).toEqual(['actionables_by_day', 'goals_by_day', 'subtasks_by_day', 'tasks_by_day']);
  });

  for (const feature of features) {
    for (const [table, kept] of Object.entries(feature.keptByTriggers ?? {}) as Array<[string, { on: readonly string[]; migration: string }]>) {
      it(`${feature.name}: ${table} is created by one of its migrations and owned by the projector of ${kept.on.join(', ')}`, () => {
        expect(Object.keys(feature.migrations)).toContain(kept.migration);
        expect(ownerOf(table)).toHaveLength(1);
        for (const firing of kept.on) expect(ownerOf(firing)).toEqual(ownerOf(table));
      });
    }
  }
});
