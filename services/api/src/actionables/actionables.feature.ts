import { defineFeature, type AppServices } from '../feature.ts';
import { createWorkItemCommands } from '../goals/work-item-commands.ts';
import { createActionableCommands, type ActionableCommands } from './actionable-commands.ts';
import { actionableRoutes } from './actionables.routes.ts';
import { actionablesImportReactor } from './actionables-import.reactor.ts';
import { actionablesUnlinkReactor } from './actionables-unlink.reactor.ts';
import { createFreezeCommands, type FreezeCommands } from './freeze-commands.ts';
import { freezeRoutes } from './freezes.routes.ts';
import { habitRoutes } from './habits.routes.ts';

export interface ActionablesServices extends AppServices {
  actionables: ActionableCommands;
  /** The users' freezes of habits (freeze-<userId>): what completions and backfills count with. */
  freezes: FreezeCommands;
}

/** Actionables and habits (spec.md §7): to-dos with weights and deadlines, recurring habits with streaks. */
export const actionablesFeature = defineFeature<ActionablesServices>({
  name: 'actionables',
  tags: { actionables: 'To-dos with deadlines and habits with streaks: lists, ranges, export and import, take-backs, backfills and freezes' },
  services: (app) => {
    const freezes = createFreezeCommands({ commands: app.commands });
    return {
      ...app,
      // Links to goals, tasks and subtasks are checked against their streams, as the goals feature checks its own.
      actionables: createActionableCommands({ commands: app.commands, items: createWorkItemCommands({ commands: app.commands }), freezes }),
      freezes,
    };
  },
  routes: [...actionableRoutes, ...habitRoutes, ...freezeRoutes],
  reactors: ({ actionables }) => [actionablesUnlinkReactor(actionables), actionablesImportReactor(actionables)],
});
