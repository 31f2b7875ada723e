import type { Decider } from '../common/decider.ts';
import type { WorkItemKind } from '../points/rules.ts';
import { goalDecider, type GoalCommand, type GoalStreamEvent } from './goal.decider.ts';
import { subtaskDecider, type SubtaskCommand, type SubtaskStreamEvent } from './subtask.decider.ts';
import { taskDecider, type TaskCommand, type TaskStreamEvent } from './task.decider.ts';
import type { WorkItemState } from './work-item.ts';

interface WorkItemKinds {
  goal: { command: GoalCommand; event: GoalStreamEvent };
  task: { command: TaskCommand; event: TaskStreamEvent };
  subtask: { command: SubtaskCommand; event: SubtaskStreamEvent };
}
export type WorkItemCommandOf<K extends WorkItemKind> = WorkItemKinds[K]['command'];
export type WorkItemEventOf<K extends WorkItemKind> = WorkItemKinds[K]['event'];
export type WorkItemDecider<K extends WorkItemKind> = Decider<WorkItemCommandOf<K>, WorkItemEventOf<K>, WorkItemState>;

/** The three deciders by kind, for callers that pick the kind at run time: `workItemDeciders[kind]` keeps its types. */
export const workItemDeciders: { [K in WorkItemKind]: WorkItemDecider<K> } = {
  goal: goalDecider,
  task: taskDecider,
  subtask: subtaskDecider,
};

/** A deletion of any kind, for cascades that pick the kind at run time. */
export const deleteWorkItem: { [K in WorkItemKind]: (userId: string) => WorkItemCommandOf<K> } = {
  goal: (userId) => ({ type: 'DeleteGoal', userId }),
  task: (userId) => ({ type: 'DeleteTask', userId }),
  subtask: (userId) => ({ type: 'DeleteSubtask', userId }),
};
