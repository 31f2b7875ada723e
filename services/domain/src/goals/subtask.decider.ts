import type { SubtaskEvent } from '@tracker/contracts/goals/events';
import { workItemDecider, workItemRules, type StreamEvent, type WorkItemCommands } from './work-item.ts';

type Parents = { goalId: string; taskId: string };
/** A subtask is created under a task and that task's goal. */
export type SubtaskCommand = WorkItemCommands<'Subtask', Parents>;
export type SubtaskStreamEvent = StreamEvent<SubtaskEvent>;

const rules = workItemRules<SubtaskEvent, Parents>({
  kind: 'subtask',
  created: ({ id, ...data }) => ({ type: 'SubtaskCreated', data: { subtaskId: id, ...data } }),
  updated: (subtaskId, changes) => ({ type: 'SubtaskUpdated', data: { subtaskId, changes } }),
  statusChanged: (subtaskId, change) => ({ type: 'SubtaskStatusChanged', data: { subtaskId, ...change } }),
  completed: (subtaskId) => ({ type: 'SubtaskCompleted', data: { subtaskId } }),
  deleted: (subtaskId, title) => ({ type: 'SubtaskDeleted', data: { subtaskId, title } }),
});

/** Creation differs by kind only in the parents it names; every other command follows the shared rules. */
export const subtaskDecider = workItemDecider((command: SubtaskCommand, state) =>
  command.type === 'CreateSubtask' ? rules.create(state, command, { goalId: command.goalId, taskId: command.taskId }) : rules.decide(state, command),
);
