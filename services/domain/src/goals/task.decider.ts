import type { TaskEvent } from '@tracker/contracts/goals/events';
import { workItemDecider, workItemRules, type StreamEvent, type WorkItemCommands } from './work-item.ts';

type Parents = { goalId: string };
/** A task is created under a goal, and an update may move it to another. */
export type TaskCommand = WorkItemCommands<'Task', Parents, { goalId?: string | undefined }>;
export type TaskStreamEvent = StreamEvent<TaskEvent>;

const rules = workItemRules<TaskEvent, Parents>({
  kind: 'task',
  created: ({ id, ...data }) => ({ type: 'TaskCreated', data: { taskId: id, ...data } }),
  updated: (taskId, changes) => ({ type: 'TaskUpdated', data: { taskId, changes } }),
  statusChanged: (taskId, change) => ({ type: 'TaskStatusChanged', data: { taskId, ...change } }),
  deleted: (taskId, title) => ({ type: 'TaskDeleted', data: { taskId, title } }),
});

/** Creation differs by kind only in the parents it names; every other command follows the shared rules. */
export const taskDecider = workItemDecider((command: TaskCommand, state) =>
  command.type === 'CreateTask' ? rules.create(state, command, { goalId: command.goalId }) : rules.decide(state, command),
);
