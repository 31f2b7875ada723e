import type { Projector } from './projector.ts';
import { activitiesProjection } from './activity/activities.projection.ts';
import { goalsProjection, subtasksProjection, tasksProjection } from './goals/work-items.projection.ts';
import { pointsLedgerProjection } from './points/points-ledger.projection.ts';
import { usersProjection } from './users/users.projection.ts';

/** Every read model's projector; the runner, the progress waiter and rebuilds use this list. */
export const allProjectors: Projector[] = [
  usersProjection,
  goalsProjection,
  tasksProjection,
  subtasksProjection,
  pointsLedgerProjection,
  activitiesProjection,
];
