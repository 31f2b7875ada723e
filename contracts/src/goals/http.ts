import { z } from 'zod';
import { id, instant, isoDateTime, text, title, wholeNumber, wholeNumberParam } from '../common/fields.ts';
import { nextCursor, pageFields } from '../common/paging.ts';
import { awardReceipt, movedPoints } from '../points/receipt.ts';

// The list lives apart from the schemas, so the web app's first screen reads it without zod.
import { workItemStatuses } from '../values.ts';
export { workItemStatuses };
export const workItemStatus = z.enum(workItemStatuses, { message: `must be one of ${workItemStatuses.join(', ')}` });
export type WorkItemStatus = z.infer<typeof workItemStatus>;

const priorityMessage = 'must be a whole number from 1 (highest) to 5';
/** Priority in a body: a JSON number, 1 (highest) to 5. */
export const priority = wholeNumber(1, 5, priorityMessage);
/** Priority in a path or query string. */
export const priorityParam = wholeNumberParam(1, 5, priorityMessage);

const description = text(5000);

const datesInOrder = (body: { startDate?: string | null | undefined; endDate?: string | null | undefined }) =>
  !body.startDate || !body.endDate || Date.parse(body.endDate) >= Date.parse(body.startDate);
const endNotBeforeStart = { message: 'must not be before startDate', path: ['endDate'] };

const editable = {
  title,
  description: description.optional(),
  priority: priority.optional(),
  status: workItemStatus.optional(),
  dueDate: instant.nullable().optional(),
  startDate: instant.nullable().optional(),
  endDate: instant.nullable().optional(),
};

export const createGoalBody = z.object(editable).refine(datesInOrder, endNotBeforeStart);
export const createTaskBody = z.object({ ...editable, goalId: id }).refine(datesInOrder, endNotBeforeStart);
export const createSubtaskBody = z.object({ ...editable, taskId: id }).refine(datesInOrder, endNotBeforeStart);

const patchable = { ...editable, title: title.optional() };
export const updateGoalBody = z.object(patchable);
export const updateTaskBody = z.object({ ...patchable, goalId: id.optional() });
export const updateSubtaskBody = z.object(patchable);
export type CreateGoalBody = z.infer<typeof createGoalBody>;
export type UpdateGoalBody = z.infer<typeof updateGoalBody>;
export type CreateTaskBody = z.infer<typeof createTaskBody>;
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;
export type CreateSubtaskBody = z.infer<typeof createSubtaskBody>;
export type UpdateSubtaskBody = z.infer<typeof updateSubtaskBody>;

/** GET /goals/goals, /goals/all-tasks, /goals/all-subtasks and a parent's children: the filters, and a page (`limit`, `cursor`: common/paging.ts). */
export const listQuery = z.object({
  status: workItemStatus.optional(),
  priority: priorityParam.optional(),
  ...pageFields,
});
/** The lists by status or priority (the filter is in the path): a page of them. */
export const pageQuery = z.object(pageFields);

export const idParams = z.object({ id });
export const statusParams = z.object({ status: workItemStatus });
export const priorityParams = z.object({ priority: priorityParam });

export const pointsEntry = z.object({ points: z.number().int(), reason: z.string(), timestamp: isoDateTime });

const itemFields = {
  id,
  title: z.string(),
  description: z.string(),
  priority: z.number().int(),
  status: workItemStatus,
  userId: id,
  pointsHistory: z.array(pointsEntry),
  lastStatusChange: z.object({ status: workItemStatus, timestamp: isoDateTime }).nullable(),
  completedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  dueDate: isoDateTime.nullable(),
  startDate: isoDateTime.nullable(),
  endDate: isoDateTime.nullable(),
};
export const goal = z.object(itemFields);
export const task = z.object({ ...itemFields, goalId: id });
export const subtask = z.object({ ...itemFields, taskId: id, goalId: id });
export type Goal = z.infer<typeof goal>;
export type Task = z.infer<typeof task>;
export type Subtask = z.infer<typeof subtask>;

export const goalResponse = z.object({ goal });
/** A page of a list (spec.md §7's `{goals}`); `nextCursor` asks for the next one (null: this was the last). */
export const goalsResponse = z.object({ goals: z.array(goal), nextCursor });
export const taskResponse = z.object({ task });
export const tasksResponse = z.object({ tasks: z.array(task), nextCursor });
export const subtaskResponse = z.object({ subtask });
export const subtasksResponse = z.object({ subtasks: z.array(subtask), nextCursor });
/** A create's or update's answer: the item, and the receipt of the points it moved, when it completed or reopened it. */
export const goalChangedResponse = goalResponse.extend(movedPoints);
export const taskChangedResponse = taskResponse.extend(movedPoints);
export const subtaskChangedResponse = subtaskResponse.extend(movedPoints);
/** A completion's answer: the subtask, its points and their receipt (how the rules counted them; `pointsAwarded` is `receipt.points`). */
export const completeSubtaskResponse = z.object({ subtask, pointsAwarded: z.number().int(), receipt: awardReceipt });

export const stats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  byPriority: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
  completionRate: z.number(),
});
export const statsResponse = z.object({ stats });
export type Stats = z.infer<typeof stats>;

export const goalProgress = z.object({
  goalId: id,
  title: z.string(),
  status: workItemStatus,
  tasks: z.object({ total: z.number().int(), completed: z.number().int() }),
  subtasks: z.object({ total: z.number().int(), completed: z.number().int() }),
  /** The work done (goals/progress.ts: tasks weigh alike, an open task its finished subtasks out of them and itself), whatever the goal's status. */
  share: z.number().min(0).max(1),
  /** 1 for a completed goal, else `share`. */
  progress: z.number().min(0).max(1),
});
export const progressResponse = z.object({ progress: z.array(goalProgress) });
export type GoalProgress = z.infer<typeof goalProgress>;
