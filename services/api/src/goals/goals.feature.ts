import { defineFeature, type AppServices } from '../feature.ts';
import { goalsCascadeReactor } from './goals-cascade.reactor.ts';
import { goalRoutes } from './goals.routes.ts';
import { createWorkItemCommands, type WorkItemCommands } from './work-item-commands.ts';

export interface GoalsServices extends AppServices {
  items: WorkItemCommands;
}

/** Goals → tasks → subtasks: the 25 routes, and the cascade of deletions down the hierarchy. */
export const goalsFeature = defineFeature<GoalsServices>({
  name: 'goals',
  tags: {
    goals: 'Goals, their tasks and progress; completing earns points',
    tasks: "Tasks under a goal, their subtasks; a task's move takes its subtasks along",
    subtasks: 'Subtasks under a task; completing earns points',
  },
  services: (app) => ({ ...app, items: createWorkItemCommands({ commands: app.commands }) }),
  routes: goalRoutes,
  reactors: ({ items }) => [goalsCascadeReactor(items)],
});
