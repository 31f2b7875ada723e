import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Goal, Task, WorkItemStatus } from '@tracker/contracts/goals/http';
import { loggedOut } from '../../../lib/auth/auth.slice.ts';
import type { ItemUpdate } from '../api/goals.api.ts';
import { fulfilledCall } from './fulfilled-call.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';

/**
 * spec.md §4: goal and task filters use pending, in-progress, completed. Written out here because the
 * contract's list lives beside its zod schemas, which stay out of the browser bundle; the check below
 * fails to compile if the contract gains a status this list lacks.
 */
export const workItemStatuses = ['pending', 'in-progress', 'completed'] as const satisfies readonly WorkItemStatus[];
const _everyStatusListed: [Exclude<WorkItemStatus, (typeof workItemStatuses)[number]>] extends [never] ? true : false = true;

/** spec.md §9: priority filter values 1 to 5, all selected by default. */
export const priorities = [1, 2, 3, 4, 5] as const;

/**
 * The goal tree's client state (spec.md §3, §4): what is selected and expanded at each level and the
 * filters. It is persisted, so the tree looks the same after a reload. One item is selected at a time;
 * the ids of its parents are kept with it so the details panel can find it.
 */
export interface GoalsState {
  selectedGoalId: string | null;
  selectedTaskId: string | null;
  selectedSubtaskId: string | null;
  expandedGoalIds: string[];
  expandedTaskIds: string[];
  expandedSubtaskIds: string[];
  /** spec.md §4: goal and task filters use pending, in-progress, completed; all selected by default. */
  statusFilter: WorkItemStatus[];
  priorityFilter: number[];
}

const nothingSelected = { selectedGoalId: null, selectedTaskId: null, selectedSubtaskId: null } as const;

export const initialGoalsState = (): GoalsState => ({
  ...nothingSelected,
  expandedGoalIds: [],
  expandedTaskIds: [],
  expandedSubtaskIds: [],
  statusFilter: [...workItemStatuses],
  priorityFilter: [...priorities],
});

/** Where each level's expanded ids are kept: one list per level, under the names the persisted state has. */
const expandedIds = {
  goal: 'expandedGoalIds',
  task: 'expandedTaskIds',
  subtask: 'expandedSubtaskIds',
} as const satisfies Record<WorkItemKind, keyof GoalsState>;

/** One goal, task or subtask of the tree. */
export interface ItemRef {
  kind: WorkItemKind;
  id: string;
}

const added = (ids: string[], id: string): string[] => (ids.includes(id) ? ids : [...ids, id]);
const removed = (ids: string[], id: string): string[] => ids.filter((other) => other !== id);
/** Toggles a value, keeping the canonical order so equal filters compare equal. */
const toggled = <T>(values: T[], value: T, order: readonly T[]): T[] =>
  order.filter((candidate) => (candidate === value ? !values.includes(value) : values.includes(candidate)));

const clearSelection = (state: GoalsState) => {
  Object.assign(state, nothingSelected);
};

// The goals api's calls this slice follows (goals.api.ts names them; unit-tested through the real api).
const getGoals = fulfilledCall<Goal[], void>('getGoals');
const createGoal = fulfilledCall<Goal, unknown>('createGoal');
const createTask = fulfilledCall<Task, unknown>('createTask');
const updateTask = fulfilledCall<Task, ItemUpdate<Task, unknown>>('updateTask');
const deleteGoal = fulfilledCall<void, { id: string }>('deleteGoal');
const deleteTask = fulfilledCall<void, { id: string }>('deleteTask');
const deleteSubtask = fulfilledCall<void, { id: string }>('deleteSubtask');

export const goalsSlice = createSlice({
  name: 'goals',
  initialState: initialGoalsState,
  reducers: {
    itemExpanded: (state, { payload: { kind, id } }: PayloadAction<ItemRef>) => {
      state[expandedIds[kind]] = added(state[expandedIds[kind]], id);
    },
    itemCollapsed: (state, { payload: { kind, id } }: PayloadAction<ItemRef>) => {
      state[expandedIds[kind]] = removed(state[expandedIds[kind]], id);
    },
    goalSelected: (state, { payload: goalId }: PayloadAction<string>) => {
      state.selectedGoalId = goalId;
      state.selectedTaskId = null;
      state.selectedSubtaskId = null;
    },
    taskSelected: (state, { payload }: PayloadAction<{ goalId: string; taskId: string }>) => {
      state.selectedGoalId = payload.goalId;
      state.selectedTaskId = payload.taskId;
      state.selectedSubtaskId = null;
    },
    subtaskSelected: (state, { payload }: PayloadAction<{ goalId: string; taskId: string; subtaskId: string }>) => {
      state.selectedGoalId = payload.goalId;
      state.selectedTaskId = payload.taskId;
      state.selectedSubtaskId = payload.subtaskId;
    },
    selectionCleared: clearSelection,
    statusFilterToggled: (state, { payload: status }: PayloadAction<WorkItemStatus>) => {
      state.statusFilter = toggled(state.statusFilter, status, workItemStatuses);
    },
    priorityFilterToggled: (state, { payload: priority }: PayloadAction<number>) => {
      state.priorityFilter = toggled(state.priorityFilter, priority, priorities);
    },
    filtersReset: (state) => {
      state.statusFilter = [...workItemStatuses];
      state.priorityFilter = [...priorities];
    },
  },
  extraReducers: (builder) => {
    builder
      // Another user's tree must not show through, nor their ids linger in storage.
      .addCase(loggedOut, () => initialGoalsState())
      // The full list is the truth: forget goals deleted elsewhere (another tab, another device).
      .addMatcher(getGoals, (state, { payload: goals }) => {
        const ids = new Set(goals.map((goal) => goal.id));
        state.expandedGoalIds = state.expandedGoalIds.filter((id) => ids.has(id));
        if (state.selectedGoalId !== null && !ids.has(state.selectedGoalId)) clearSelection(state);
      })
      // A new goal or task opens at once, ready for its first task or subtask.
      .addMatcher(createGoal, (state, { payload: goal }) => {
        state.expandedGoalIds = added(state.expandedGoalIds, goal.id);
      })
      .addMatcher(createTask, (state, { payload: task }) => {
        state.expandedGoalIds = added(state.expandedGoalIds, task.goalId);
        state.expandedTaskIds = added(state.expandedTaskIds, task.id);
      })
      .addMatcher(deleteGoal, (state, { meta }) => {
        const goalId = meta.arg.originalArgs.id;
        state.expandedGoalIds = removed(state.expandedGoalIds, goalId);
        if (state.selectedGoalId === goalId) clearSelection(state);
      })
      .addMatcher(deleteTask, (state, { meta }) => {
        const taskId = meta.arg.originalArgs.id;
        state.expandedTaskIds = removed(state.expandedTaskIds, taskId);
        if (state.selectedTaskId === taskId) {
          state.selectedTaskId = null;
          state.selectedSubtaskId = null;
        }
      })
      .addMatcher(deleteSubtask, (state, { meta }) => {
        const subtaskId = meta.arg.originalArgs.id;
        state.expandedSubtaskIds = removed(state.expandedSubtaskIds, subtaskId);
        if (state.selectedSubtaskId === subtaskId) state.selectedSubtaskId = null;
      })
      // A task moved to another goal: open that goal so the task is seen where it went, and keep it selected.
      .addMatcher(updateTask, (state, { payload: task, meta }) => {
        if (task.goalId === meta.arg.originalArgs.item.goalId) return;
        state.expandedGoalIds = added(state.expandedGoalIds, task.goalId);
        if (state.selectedTaskId === task.id) state.selectedGoalId = task.goalId;
      });
  },
  selectors: {
    selectSelectedGoalId: (state) => state.selectedGoalId,
    selectSelectedTaskId: (state) => state.selectedTaskId,
    selectSelectedSubtaskId: (state) => state.selectedSubtaskId,
    selectIsExpanded: (state, { kind, id }: ItemRef) => state[expandedIds[kind]].includes(id),
    selectStatusFilter: (state) => state.statusFilter,
    selectPriorityFilter: (state) => state.priorityFilter,
    selectFiltersAreDefault: (state) => state.statusFilter.length === workItemStatuses.length && state.priorityFilter.length === priorities.length,
  },
});

export const {
  itemExpanded,
  itemCollapsed,
  goalSelected,
  taskSelected,
  subtaskSelected,
  selectionCleared,
  statusFilterToggled,
  priorityFilterToggled,
  filtersReset,
} = goalsSlice.actions;

export const {
  selectSelectedGoalId,
  selectSelectedTaskId,
  selectSelectedSubtaskId,
  selectIsExpanded,
  selectStatusFilter,
  selectPriorityFilter,
  selectFiltersAreDefault,
} = goalsSlice.selectors;

/** Whether an item passes the status and priority filters; they apply at every level of the tree. */
export const matchesFilters = (
  item: { status: WorkItemStatus; priority: number },
  statusFilter: readonly WorkItemStatus[],
  priorityFilter: readonly number[],
): boolean => statusFilter.includes(item.status) && priorityFilter.includes(item.priority);
