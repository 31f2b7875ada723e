import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { workItemStatus } from './http.ts';

const nullableInstant = z.string().nullable();
const fields = {
  title: z.string(),
  description: z.string(),
  priority: z.number().int().min(1).max(5),
  dueDate: nullableInstant,
  startDate: nullableInstant,
  endDate: nullableInstant,
};
const changes = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  priority: z.number().int().min(1).max(5).optional(),
  dueDate: nullableInstant.optional(),
  startDate: nullableInstant.optional(),
  endDate: nullableInstant.optional(),
});
// Titles ride along so history (recent activity) reads well after the item is gone.
const statusChange = { from: workItemStatus, to: workItemStatus, title: z.string() };

export const goalCreated = defineEvent('GoalCreated', z.object({ goalId: z.string(), userId: z.string(), ...fields }));
export const goalUpdated = defineEvent('GoalUpdated', z.object({ goalId: z.string(), changes }));
export const goalStatusChanged = defineEvent('GoalStatusChanged', z.object({ goalId: z.string(), ...statusChange }));
export const goalDeleted = defineEvent('GoalDeleted', z.object({ goalId: z.string(), title: z.string() }));

export const taskCreated = defineEvent('TaskCreated', z.object({ taskId: z.string(), goalId: z.string(), userId: z.string(), ...fields }));
export const taskUpdated = defineEvent(
  'TaskUpdated',
  z.object({ taskId: z.string(), changes: changes.extend({ goalId: z.string().optional() }) }),
);
export const taskStatusChanged = defineEvent('TaskStatusChanged', z.object({ taskId: z.string(), ...statusChange }));
export const taskDeleted = defineEvent('TaskDeleted', z.object({ taskId: z.string(), title: z.string() }));

export const subtaskCreated = defineEvent(
  'SubtaskCreated',
  z.object({ subtaskId: z.string(), taskId: z.string(), goalId: z.string(), userId: z.string(), ...fields }),
);
export const subtaskUpdated = defineEvent('SubtaskUpdated', z.object({ subtaskId: z.string(), changes }));
export const subtaskStatusChanged = defineEvent('SubtaskStatusChanged', z.object({ subtaskId: z.string(), ...statusChange }));
export const subtaskCompleted = defineEvent('SubtaskCompleted', z.object({ subtaskId: z.string() }));
export const subtaskDeleted = defineEvent('SubtaskDeleted', z.object({ subtaskId: z.string(), title: z.string() }));

export const goalEvents = [goalCreated, goalUpdated, goalStatusChanged, goalDeleted] as const;
export const taskEvents = [taskCreated, taskUpdated, taskStatusChanged, taskDeleted] as const;
export const subtaskEvents = [subtaskCreated, subtaskUpdated, subtaskStatusChanged, subtaskCompleted, subtaskDeleted] as const;

export type GoalEvent = z.infer<(typeof goalEvents)[number]>;
export type TaskEvent = z.infer<(typeof taskEvents)[number]>;
export type SubtaskEvent = z.infer<(typeof subtaskEvents)[number]>;
