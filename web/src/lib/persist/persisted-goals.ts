import { workItemStatuses } from '@tracker/contracts/values';
// Type only: lib imports no feature code, but this file exists to describe the goals slice's stored shape.
import type { GoalsState } from '../../features/goals/stores/goals.slice.ts';
import { aNumber, aString, listOf, oneOf, orNull, type Check } from './stored-checks.ts';
import { fittingFields, type FieldChecks } from './validated-migrate.ts';

const priorities = [1, 2, 3, 4, 5] as const;
const MAX_IDS = 10_000;

const itemId = aString({ min: 1, max: 200 });
/** A check whose value, when it fits, is then changed by `change`. */
const then =
  <T, U>(check: Check<T>, change: (value: T) => U): Check<U> =>
  (value) => {
    const checked = check(value);
    return checked && { value: change(checked.value) };
  };
const ids = then(listOf(itemId, MAX_IDS), (list) => [...new Set(list)]);
/** Filters come back in the slice's canonical order without repeats, so equal filters compare equal. */
const inOrder =
  <T>(order: readonly T[]) =>
  (values: readonly T[]) =>
    order.filter((value) => values.includes(value));

/** spec.md §4 persists the goal tree's selections, expansions and filters. */
export const persistedGoalsFields: FieldChecks<GoalsState> = {
  selectedGoalId: orNull(itemId),
  selectedTaskId: orNull(itemId),
  selectedSubtaskId: orNull(itemId),
  expandedGoalIds: ids,
  expandedTaskIds: ids,
  expandedSubtaskIds: ids,
  statusFilter: then(listOf(oneOf(workItemStatuses), MAX_IDS), inOrder(workItemStatuses)),
  priorityFilter: then(listOf(aNumber, MAX_IDS), (values) => inOrder<number>(priorities)(values)),
};

const selectionKeys = ['selectedGoalId', 'selectedTaskId', 'selectedSubtaskId'] as const;

/**
 * The fields that fit; a selection comes back only whole (a task with its goal, a subtask with
 * both), since the details panel finds an item through its parents.
 */
export const restoreGoals = (stored: Record<string, unknown>): Partial<GoalsState> => {
  const kept = fittingFields(persistedGoalsFields, stored);
  const [goal, task, subtask] = selectionKeys.map((key) => kept[key]);
  const whole = goal !== undefined && task !== undefined && subtask !== undefined && (subtask === null || task !== null) && (task === null || goal !== null);
  if (!whole) for (const key of selectionKeys) delete kept[key];
  return kept;
};
