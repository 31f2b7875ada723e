import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { id, storedInstant, storedText } from '../common/fields.ts';
import { workItemStatus } from './http.ts';

const nullableInstant = storedInstant.nullable();
const fields = {
  title: storedText,
  description: storedText,
  priority: z.number().int().min(1).max(5),
  dueDate: nullableInstant,
  startDate: nullableInstant,
  endDate: nullableInstant,
};
const changes = z.object({
  title: storedText.optional(),
  description: storedText.optional(),
  priority: z.number().int().min(1).max(5).optional(),
  dueDate: nullableInstant.optional(),
  startDate: nullableInstant.optional(),
  endDate: nullableInstant.optional(),
});
// Titles ride along so history (recent activity) reads well after the item is gone.
const statusChange = { from: workItemStatus, to: workItemStatus, title: storedText };

export const goalCreated = defineEvent('GoalCreated', z.object({ goalId: id, userId: id, ...fields }));
export const goalUpdated = defineEvent('GoalUpdated', z.object({ goalId: id, changes }));
export const goalStatusChanged = defineEvent('GoalStatusChanged', z.object({ goalId: id, ...statusChange }));
export const goalDeleted = defineEvent('GoalDeleted', z.object({ goalId: id, title: storedText }));

export const taskCreated = defineEvent('TaskCreated', z.object({ taskId: id, goalId: id, userId: id, ...fields }));
export const taskUpdated = defineEvent('TaskUpdated', z.object({ taskId: id, changes: changes.extend({ goalId: id.optional() }) }));
export const taskStatusChanged = defineEvent('TaskStatusChanged', z.object({ taskId: id, ...statusChange }));
export const taskDeleted = defineEvent('TaskDeleted', z.object({ taskId: id, title: storedText }));

export const subtaskCreated = defineEvent('SubtaskCreated', z.object({ subtaskId: id, taskId: id, goalId: id, userId: id, ...fields }));
export const subtaskUpdated = defineEvent('SubtaskUpdated', z.object({ subtaskId: id, changes }));
export const subtaskStatusChanged = defineEvent('SubtaskStatusChanged', z.object({ subtaskId: id, ...statusChange }));
export const subtaskCompleted = defineEvent('SubtaskCompleted', z.object({ subtaskId: id }));
export const subtaskDeleted = defineEvent('SubtaskDeleted', z.object({ subtaskId: id, title: storedText }));

export const goalEvents = [goalCreated, goalUpdated, goalStatusChanged, goalDeleted] as const;
export const taskEvents = [taskCreated, taskUpdated, taskStatusChanged, taskDeleted] as const;
export const subtaskEvents = [subtaskCreated, subtaskUpdated, subtaskStatusChanged, subtaskCompleted, subtaskDeleted] as const;

export type GoalEvent = z.infer<(typeof goalEvents)[number]>;
export type TaskEvent = z.infer<(typeof taskEvents)[number]>;
export type SubtaskEvent = z.infer<(typeof subtaskEvents)[number]>;
