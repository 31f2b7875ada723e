import type { GoalEvent } from '@tracker/contracts/goals/events';
import { workItemDecider, workItemRules, type StreamEvent, type WorkItemCommands } from './work-item.ts';

export type GoalCommand = WorkItemCommands<'Goal'>;
export type GoalStreamEvent = StreamEvent<GoalEvent>;

const rules = workItemRules<GoalEvent>({
  kind: 'goal',
  created: ({ id, ...data }) => ({ type: 'GoalCreated', data: { goalId: id, ...data } }),
  updated: (goalId, changes) => ({ type: 'GoalUpdated', data: { goalId, changes } }),
  statusChanged: (goalId, change) => ({ type: 'GoalStatusChanged', data: { goalId, ...change } }),
  deleted: (goalId, title) => ({ type: 'GoalDeleted', data: { goalId, title } }),
});

/** Creation differs by kind only in the parents it names; every other command follows the shared rules. */
export const goalDecider = workItemDecider((command: GoalCommand, state) =>
  command.type === 'CreateGoal' ? rules.create(state, command, {}) : rules.decide(state, command),
);
