import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store.ts';
import { loggedOut } from '../../../lib/auth/auth.slice.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { aGoal, aSubtask, aTask, aUser } from '../../../testing/fixtures.ts';
import { goalsApi } from '../api/goals.api.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import {
  filtersReset,
  goalSelected,
  goalsSlice,
  initialGoalsState,
  itemCollapsed,
  itemExpanded,
  matchesFilters,
  priorityFilterToggled,
  selectFiltersAreDefault,
  selectionCleared,
  statusFilterToggled,
  subtaskSelected,
  taskSelected,
  type GoalsState,
} from './goals.slice.ts';

const reduce = goalsSlice.reducer;

/** given(events…).when(event).then(expected state): the slice as a state machine fed with events. */
const given = (...history: UnknownAction[]) => ({
  when: (event: UnknownAction) => ({
    then: (expected: Partial<GoalsState>) => {
      const before = history.reduce<GoalsState>((state, past) => reduce(state, past), initialGoalsState());
      expect(reduce(before, event)).toEqual({ ...before, ...expected });
    },
  }),
});

const nothing = () => given();

const expand = (kind: WorkItemKind, id: string) => itemExpanded({ kind, id });
const collapse = (kind: WorkItemKind, id: string) => itemCollapsed({ kind, id });

describe('the initial state', () => {
  it('starts with priority filter values 1 to 5 all selected and the three goal statuses shown, nothing selected or expanded (spec.md §4, §9)', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      selectedGoalId: null,
      selectedTaskId: null,
      selectedSubtaskId: null,
      expandedGoalIds: [],
      expandedTaskIds: [],
      expandedSubtaskIds: [],
      statusFilter: ['pending', 'in-progress', 'completed'],
      priorityFilter: [1, 2, 3, 4, 5],
    });
  });
});

describe('expanding', () => {
  it('expands a goal', () =>
    nothing()
      .when(expand('goal', 'g1'))
      .then({ expandedGoalIds: ['g1'] }));
  it('keeps one entry when a goal is expanded twice', () => given(expand('goal', 'g1')).when(expand('goal', 'g1')).then({}));
  it('collapses an expanded goal, leaving the others', () =>
    given(expand('goal', 'g1'), expand('goal', 'g2'))
      .when(collapse('goal', 'g1'))
      .then({ expandedGoalIds: ['g2'] }));
  it('does nothing when collapsing a goal that is not expanded', () => given(expand('goal', 'g1')).when(collapse('goal', 'g9')).then({}));

  it('expands and collapses tasks apart from goals', () => {
    given(expand('goal', 'g1'))
      .when(expand('task', 't1'))
      .then({ expandedTaskIds: ['t1'] });
    given(expand('goal', 'g1'), expand('task', 't1')).when(collapse('task', 't1')).then({ expandedTaskIds: [] });
  });

  it('expands and collapses subtasks apart from tasks', () => {
    given(expand('task', 't1'))
      .when(expand('subtask', 's1'))
      .then({ expandedSubtaskIds: ['s1'] });
    given(expand('task', 't1'), expand('subtask', 's1')).when(collapse('subtask', 's1')).then({ expandedSubtaskIds: [] });
  });
});

describe('selecting', () => {
  it('selects a goal, dropping a deeper selection', () =>
    given(subtaskSelected({ goalId: 'g1', taskId: 't1', subtaskId: 's1' }))
      .when(goalSelected('g2'))
      .then({ selectedGoalId: 'g2', selectedTaskId: null, selectedSubtaskId: null }));

  it('selects a task together with its goal', () =>
    given(goalSelected('g9'))
      .when(taskSelected({ goalId: 'g1', taskId: 't1' }))
      .then({ selectedGoalId: 'g1', selectedTaskId: 't1', selectedSubtaskId: null }));

  it('selects a subtask together with its task and goal', () =>
    nothing()
      .when(subtaskSelected({ goalId: 'g1', taskId: 't1', subtaskId: 's1' }))
      .then({ selectedGoalId: 'g1', selectedTaskId: 't1', selectedSubtaskId: 's1' }));

  it('clears the selection', () =>
    given(taskSelected({ goalId: 'g1', taskId: 't1' }))
      .when(selectionCleared())
      .then({ selectedGoalId: null, selectedTaskId: null }));

  it('does nothing when clearing an empty selection', () => nothing().when(selectionCleared()).then({}));
});

describe('filtering', () => {
  it('hides a status', () =>
    nothing()
      .when(statusFilterToggled('completed'))
      .then({ statusFilter: ['pending', 'in-progress'] }));

  it('shows a hidden status again, in the canonical order', () =>
    given(statusFilterToggled('pending'), statusFilterToggled('completed'))
      .when(statusFilterToggled('pending'))
      .then({ statusFilter: ['pending', 'in-progress'] }));

  it('hides and shows priorities, in order', () => {
    nothing()
      .when(priorityFilterToggled(1))
      .then({ priorityFilter: [2, 3, 4, 5] });
    given(priorityFilterToggled(4), priorityFilterToggled(1))
      .when(priorityFilterToggled(4))
      .then({ priorityFilter: [2, 3, 4, 5] });
  });

  it('ignores a priority outside 1 to 5', () => nothing().when(priorityFilterToggled(9)).then({}));

  it('resets every filter, keeping selections and expansions', () =>
    given(expand('goal', 'g1'), statusFilterToggled('pending'), priorityFilterToggled(2))
      .when(filtersReset())
      .then({ statusFilter: ['pending', 'in-progress', 'completed'], priorityFilter: [1, 2, 3, 4, 5] }));

  it('knows whether the filters are the defaults', () => {
    const state = (goals: GoalsState) => ({ goals });
    expect(selectFiltersAreDefault(state(initialGoalsState()))).toBe(true);
    expect(selectFiltersAreDefault(state(reduce(initialGoalsState(), priorityFilterToggled(3))))).toBe(false);
  });

  it('lets an item through only when its status and its priority are both shown', () => {
    const shown = ['pending', 'in-progress'] as const;
    expect(matchesFilters({ status: 'pending', priority: 2 }, shown, [1, 2])).toBe(true);
    expect(matchesFilters({ status: 'completed', priority: 2 }, shown, [1, 2])).toBe(false);
    expect(matchesFilters({ status: 'pending', priority: 3 }, shown, [1, 2])).toBe(false);
  });
});

describe('logging out', () => {
  it("forgets the user's tree and filters", () =>
    given(expand('goal', 'g1'), taskSelected({ goalId: 'g1', taskId: 't1' }), statusFilterToggled('completed'))
      .when(loggedOut())
      .then(initialGoalsState()));
});

describe('answers from the server', () => {
  const goal = aGoal();
  const task = aTask({ goalId: goal.id });
  const subtask = aSubtask({ taskId: task.id, goalId: goal.id });
  const signedIn = (goals: Partial<GoalsState>) =>
    makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false }, goals: { ...initialGoalsState(), ...goals } });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a deleted goal is no longer expanded or selected', async () => {
    fakeApi({ [`DELETE /api/goals/goals/${goal.id}`]: () => ({ status: 204 }) });
    const store = signedIn({ expandedGoalIds: [goal.id, 'other'], selectedGoalId: goal.id, selectedTaskId: task.id });
    await store.dispatch(goalsApi.endpoints.deleteGoal.initiate(goal));
    expect(store.getState().goals).toMatchObject({ expandedGoalIds: ['other'], selectedGoalId: null, selectedTaskId: null });
  });

  it('a failed delete changes nothing', async () => {
    fakeApi({ [`DELETE /api/goals/goals/${goal.id}`]: () => ({ status: 500, body: { message: 'boom' } }) });
    const store = signedIn({ expandedGoalIds: [goal.id], selectedGoalId: goal.id });
    await store.dispatch(goalsApi.endpoints.deleteGoal.initiate(goal));
    expect(store.getState().goals).toMatchObject({ expandedGoalIds: [goal.id], selectedGoalId: goal.id });
  });

  it('a deleted task or subtask is forgotten, its goal staying selected', async () => {
    fakeApi({
      [`DELETE /api/goals/tasks/${task.id}`]: () => ({ status: 204 }),
      [`DELETE /api/goals/subtasks/${subtask.id}`]: () => ({ status: 204 }),
    });
    const store = signedIn({
      expandedTaskIds: [task.id],
      expandedSubtaskIds: [subtask.id],
      selectedGoalId: goal.id,
      selectedTaskId: task.id,
      selectedSubtaskId: subtask.id,
    });
    await store.dispatch(goalsApi.endpoints.deleteSubtask.initiate(subtask));
    expect(store.getState().goals).toMatchObject({ expandedSubtaskIds: [], selectedTaskId: task.id, selectedSubtaskId: null });
    await store.dispatch(goalsApi.endpoints.deleteTask.initiate(task));
    expect(store.getState().goals).toMatchObject({ expandedTaskIds: [], selectedGoalId: goal.id, selectedTaskId: null });
  });

  it('a new goal opens, and so do a new task and its goal', async () => {
    const created = aGoal({ id: '9f1c2d3e-0000-4000-8000-00000000a002' });
    const newTask = aTask({ id: '9f1c2d3e-0000-4000-8000-00000000b002', goalId: created.id });
    fakeApi({
      'POST /api/goals/goals': () => ({ status: 201, body: { goal: created } }),
      'POST /api/goals/tasks': () => ({ status: 201, body: { task: newTask } }),
    });
    const store = signedIn({});
    await store.dispatch(goalsApi.endpoints.createGoal.initiate({ title: created.title }));
    store.dispatch(collapse('goal', created.id));
    await store.dispatch(goalsApi.endpoints.createTask.initiate({ title: newTask.title, goalId: created.id }));
    expect(store.getState().goals).toMatchObject({ expandedGoalIds: [created.id], expandedTaskIds: [newTask.id] });
  });

  it('a task moved to another goal opens that goal and stays selected there', async () => {
    const destination = '9f1c2d3e-0000-4000-8000-00000000a009';
    fakeApi({ [`PATCH /api/goals/tasks/${task.id}`]: () => ({ status: 200, body: { task: { ...task, goalId: destination } } }) });
    const store = signedIn({ selectedGoalId: goal.id, selectedTaskId: task.id });
    await store.dispatch(goalsApi.endpoints.updateTask.initiate({ item: task, changes: { goalId: destination } }));
    expect(store.getState().goals).toMatchObject({ expandedGoalIds: [destination], selectedGoalId: destination, selectedTaskId: task.id });
  });

  it('a task edited in place changes nothing here', async () => {
    fakeApi({ [`PATCH /api/goals/tasks/${task.id}`]: () => ({ status: 200, body: { task: { ...task, title: 'Renamed' } } }) });
    const store = signedIn({ selectedGoalId: goal.id, selectedTaskId: task.id });
    const before = store.getState().goals;
    await store.dispatch(goalsApi.endpoints.updateTask.initiate({ item: task, changes: { title: 'Renamed' } }));
    expect(store.getState().goals).toEqual(before);
  });

  it('goals on a later page of the list are not taken for gone: every page is read before it is the truth', async () => {
    const older = aGoal({ id: '9f1c2d3e-0000-4000-8000-00000000a003' });
    fakeApi({
      'GET /api/goals/goals': (_body, url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { goals: [older], nextCursor: null } }
          : { status: 200, body: { goals: [goal], nextCursor: 'page-2' } },
    });
    const store = signedIn({ expandedGoalIds: [goal.id, older.id, 'gone'], selectedGoalId: older.id, selectedTaskId: 'its-task' });
    await store.dispatch(goalsApi.endpoints.getGoals.initiate());
    expect(store.getState().goals).toMatchObject({ expandedGoalIds: [goal.id, older.id], selectedGoalId: older.id, selectedTaskId: 'its-task' });
  });

  it('goals gone from the list (deleted elsewhere) are forgotten when it loads', async () => {
    fakeApi({ 'GET /api/goals/goals': () => ({ status: 200, body: { goals: [goal] } }) });
    const store = signedIn({ expandedGoalIds: [goal.id, 'gone'], selectedGoalId: 'gone', selectedTaskId: 'gone-task' });
    await store.dispatch(goalsApi.endpoints.getGoals.initiate());
    expect(store.getState().goals).toMatchObject({ expandedGoalIds: [goal.id], selectedGoalId: null, selectedTaskId: null });
  });
});
