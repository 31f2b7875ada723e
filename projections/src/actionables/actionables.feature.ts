import * as actionables from '../../migrations/2026-11-23-0005_actionables.ts';
import * as newestFirstKeyset from '../../migrations/2026-11-24-0009_newest_first_keyset.ts';
import * as habitCompletionsAndFreezes from '../../migrations/2026-11-27-0012_habit_completions_and_freezes.ts';
import * as importedCompletions from '../../migrations/2026-11-27-0017_imported_completions.ts';
import { defineReadModelFeature } from '../feature.ts';
import { actionablesProjection } from './actionables.projection.ts';
import type { ActionablesReadModels } from './actionables.tables.ts';
import { habitFreezesProjection } from './habit-freezes.projection.ts';

/** Actionables and habits, their completions, and the users' freezes of habits. */
export const actionablesReadModels = defineReadModelFeature<ActionablesReadModels>()({
  name: 'actionables',
  projectors: [actionablesProjection, habitFreezesProjection],
  owns: {
    actionables: {
      actionables: 'id',
      actionable_completions: 'event_id',
      actionables_by_day: ['user_id', 'from_date', 'to_date'],
      habit_completions: ['actionable_id', 'date'],
    },
    habit_freezes: { habit_freezes: 'id' },
  },
  // 0009 orders the goals' tables' newest-first indexes too: the paged lists share one order (projections/src/paging.ts).
  migrations: {
    '2026-11-23-0005_actionables': actionables,
    '2026-11-24-0009_newest_first_keyset': newestFirstKeyset,
    '2026-11-27-0012_habit_completions_and_freezes': habitCompletionsAndFreezes,
    '2026-11-27-0017_imported_completions': importedCompletions,
  },
});
