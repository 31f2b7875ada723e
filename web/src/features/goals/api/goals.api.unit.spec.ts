import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store.ts';
import { callFailure, errorMessage } from '../../../lib/api/api-errors.ts';
import { fakeApi, type FakeResponse } from '../../../testing/fake-api.ts';
import { aGoal, aSubtask, aTask, aUser } from '../../../testing/fixtures.ts';
import { goalFailures } from './goal-call-errors.ts';
import { goalsApi, listOrEmpty } from './goals.api.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false } });

const goal = aGoal();
const task = aTask();
const subtask = aSubtask();
const store = () => signedIn();
type Store = ReturnType<typeof store>;

/** Every goal, task and subtask call, by the route it asks and the way it is dispatched. */
const calls = {
  'fetch goals': { route: 'GET /api/goals/goals', run: (s: Store) => s.dispatch(goalsApi.endpoints.getGoals.initiate()) },
  'create goal': { route: 'POST /api/goals/goals', run: (s: Store) => s.dispatch(goalsApi.endpoints.createGoal.initiate({ title: 'Run' })) },
  'update goal': {
    route: `PATCH /api/goals/goals/${goal.id}`,
    run: (s: Store) => s.dispatch(goalsApi.endpoints.updateGoal.initiate({ item: goal, changes: { priority: 1 } })),
  },
  'delete goal': { route: `DELETE /api/goals/goals/${goal.id}`, run: (s: Store) => s.dispatch(goalsApi.endpoints.deleteGoal.initiate(goal)) },
  'fetch tasks': { route: `GET /api/goals/goals/${goal.id}/tasks`, run: (s: Store) => s.dispatch(goalsApi.endpoints.getGoalTasks.initiate(goal.id)) },
  'create task': { route: 'POST /api/goals/tasks', run: (s: Store) => s.dispatch(goalsApi.endpoints.createTask.initiate({ title: 'Run', goalId: goal.id })) },
  'update task': {
    route: `PATCH /api/goals/tasks/${task.id}`,
    run: (s: Store) => s.dispatch(goalsApi.endpoints.updateTask.initiate({ item: task, changes: { priority: 1 } })),
  },
  'delete task': { route: `DELETE /api/goals/tasks/${task.id}`, run: (s: Store) => s.dispatch(goalsApi.endpoints.deleteTask.initiate(task)) },
  'fetch subtasks': {
    route: `GET /api/goals/tasks/${task.id}/subtasks`,
    run: (s: Store) => s.dispatch(goalsApi.endpoints.getTaskSubtasks.initiate(task.id)),
  },
  'create subtask': {
    route: 'POST /api/goals/subtasks',
    run: (s: Store) => s.dispatch(goalsApi.endpoints.createSubtask.initiate({ title: 'Run', taskId: task.id })),
  },
  'update subtask': {
    route: `PATCH /api/goals/subtasks/${subtask.id}`,
    run: (s: Store) => s.dispatch(goalsApi.endpoints.updateSubtask.initiate({ item: subtask, changes: { priority: 1 } })),
  },
  'delete subtask': {
    route: `DELETE /api/goals/subtasks/${subtask.id}`,
    run: (s: Store) => s.dispatch(goalsApi.endpoints.deleteSubtask.initiate(subtask)),
  },
} as const;

type CallName = keyof typeof calls;

/** The call's outcome when the server gives `answer` (the error, if any, as the store holds it). */
const outcome = async (name: CallName, answer: FakeResponse, from: Store = store()) => {
  fakeApi({ [calls[name].route]: () => answer });
  const result = await calls[name].run(from);
  return { data: 'data' in result ? result.data : undefined, error: 'error' in result ? result.error : undefined };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('goals api', () => {
  it('sends a fresh Idempotency-Key with every create and complete, and none with a PATCH', async () => {
    const { requests } = fakeApi({
      'POST /api/goals/goals': () => ({ status: 201, body: { goal } }),
      [`POST /api/goals/subtasks/${subtask.id}/complete`]: () => ({ status: 200, body: { subtask: { ...subtask, status: 'completed' }, pointsAwarded: 15 } }),
      [`PATCH /api/goals/goals/${goal.id}`]: () => ({ status: 200, body: { goal } }),
    });
    const s = store();
    await s.dispatch(goalsApi.endpoints.createGoal.initiate({ title: 'Run' }));
    await s.dispatch(goalsApi.endpoints.createGoal.initiate({ title: 'Run' }));
    const completed = await s.dispatch(goalsApi.endpoints.completeSubtask.initiate(subtask));
    await s.dispatch(goalsApi.endpoints.updateGoal.initiate({ item: goal, changes: { priority: 1 } }));

    const [first, second, completion, patch] = requests;
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(completion).toMatchObject({ path: `/api/goals/subtasks/${subtask.id}/complete`, authorization: 'Bearer tok' });
    expect(completion?.idempotencyKey).toBeTruthy();
    expect(patch).toMatchObject({ method: 'PATCH', body: { priority: 1 }, idempotencyKey: null });
    expect(completed.data?.pointsAwarded).toBe(15);
  });

  it('reads the goal list as {goals} or as a plain array (spec.md §7)', async () => {
    expect((await outcome('fetch goals', { status: 200, body: [goal] })).data).toEqual([goal]);
    expect((await outcome('fetch goals', { status: 200, body: { goals: [goal] } })).data).toEqual([goal]);
  });

  it('reads every task and every subtask (GET /goals/all-tasks, /goals/all-subtasks)', async () => {
    fakeApi({
      'GET /api/goals/all-tasks': () => ({ status: 200, body: { tasks: [task] } }),
      'GET /api/goals/all-subtasks': () => ({ status: 200, body: { subtasks: [subtask] } }),
    });
    const s = store();
    expect((await s.dispatch(goalsApi.endpoints.getAllTasks.initiate())).data).toEqual([task]);
    expect((await s.dispatch(goalsApi.endpoints.getAllSubtasks.initiate())).data).toEqual([subtask]);
  });

  it("keeps a 400's own message for the user, and its field errors", async () => {
    const { error } = await outcome('create goal', {
      status: 400,
      body: { message: 'title: is required', errors: [{ field: 'title', message: 'is required' }] },
    });
    expect(errorMessage(error, goalFailures.goal.create)).toBe('title: is required');
    expect(error).toMatchObject({ status: 400, data: { errors: [{ field: 'title', message: 'is required' }] } });
  });
});

describe('goal, task and subtask calls never throw: a failure is an error object (spec.md §8)', () => {
  it("a success with no body, or null, is 'Server returned no data'", async () => {
    expect(callFailure((await outcome('create goal', { status: 201 })).error)).toBe('Server returned no data');
    expect(callFailure((await outcome('fetch tasks', { status: 200, body: null })).error)).toBe('Server returned no data');
  });

  for (const [kind, call, body] of [
    ['goal', 'create goal', { title: 'no id' }],
    ['task', 'create task', { task: { ...task, goalId: undefined } }],
    ['subtask', 'create subtask', { message: 'created' }],
  ] as const) {
    it(`an answer with no recognisable ${kind} is 'Invalid response format from server - no valid ${kind} data'`, async () => {
      expect(callFailure((await outcome(call, { status: 201, body })).error)).toBe(`Invalid response format from server - no valid ${kind} data`);
    });
  }

  it("create and update answers with no recognisable object give 'Invalid response format from server' (spec.md §5)", async () => {
    expect(callFailure((await outcome('update goal', { status: 200, body: { ok: true } })).error)).toMatch(/^Invalid response format from server/);
    expect(callFailure((await outcome('fetch subtasks', { status: 200, text: 'OK' })).error)).toBe(
      'Invalid response format from server - no valid subtask data',
    );
  });

  it("an error status is 'Server error ({status}): {server message or Unknown error}'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(callFailure((await outcome('delete task', { status: 409, body: { message: 'Task was changed' } })).error)).toBe(
      'Server error (409): Task was changed',
    );
    expect(callFailure((await outcome('fetch goals', { status: 500 })).error)).toBe('Server error (500): Unknown error');
    expect(callFailure((await outcome('create subtask', { status: 502, text: '<html>Bad gateway</html>' })).error)).toBe('Server error (502): Unknown error');
  });

  it("a network failure or a timeout is 'No response received from server'", async () => {
    fakeApi({});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    const offline = await store().dispatch(goalsApi.endpoints.getGoals.initiate());
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')));
    const slow = await store().dispatch(goalsApi.endpoints.createGoal.initiate({ title: 'Run' }));
    expect(callFailure(offline.error)).toBe('No response received from server');
    expect('error' in slow && slow.error).toMatchObject({ status: 'TIMEOUT_ERROR', message: 'No response received from server' });
  });

  it("a request that cannot be built is 'Request setup error: ...', without an exception", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = fakeApi({});
    const signedOut = await makeStore().dispatch(goalsApi.endpoints.getGoals.initiate());
    const unencodable = await store().dispatch(goalsApi.endpoints.deleteGoal.initiate(aGoal({ id: '\uD800' })));
    expect(callFailure(signedOut.error)).toBe('Request setup error: Authentication token is required');
    expect('error' in unencodable && callFailure(unencodable.error)).toBe('Request setup error: URI malformed');
    expect(requests).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it("an update of a task or subtask answered with nothing is 'No response received from server'", async () => {
    expect(callFailure((await outcome('update task', { status: 200 })).error)).toBe('No response received from server');
    expect(callFailure((await outcome('update subtask', { status: 200, body: null })).error)).toBe('No response received from server');
  });

  it("an update of a task answered without the task is 'Failed to update task - no task returned'", async () => {
    expect(callFailure((await outcome('update task', { status: 200, body: { goal } })).error)).toBe('Failed to update task - no task returned');
  });

  it("an update of a subtask answered without the subtask is 'Failed to update subtask - no subtask returned'", async () => {
    expect(callFailure((await outcome('update subtask', { status: 200, body: { subtask: { id: subtask.id } } })).error)).toBe(
      'Failed to update subtask - no subtask returned',
    );
  });

  it('failed list fetches for goals, tasks and subtasks give empty lists, and still say they failed', async () => {
    fakeApi({
      [calls['fetch goals'].route]: () => ({ status: 503 }),
      [calls['fetch tasks'].route]: () => ({ status: 503 }),
      [calls['fetch subtasks'].route]: () => ({ status: 503 }),
    });
    const s = store();
    const goals = await s.dispatch(goalsApi.endpoints.getGoals.initiate());
    const tasks = await s.dispatch(goalsApi.endpoints.getGoalTasks.initiate(goal.id));
    const subtasks = await s.dispatch(goalsApi.endpoints.getTaskSubtasks.initiate(task.id));
    expect([listOrEmpty(goals), listOrEmpty(tasks), listOrEmpty(subtasks)]).toEqual([[], [], []]);
    expect([goals, tasks, subtasks].map((result) => callFailure(result.error))).toEqual(Array(3).fill('Server error (503): Unknown error'));
  });
});

describe("spec.md §8's fallback texts: a failure without a server message shows them", () => {
  const fallbacks = Object.entries(goalFailures).flatMap(([kind, texts]) =>
    Object.entries(texts).map(([action, text]) => [text, `${action} ${kind}${action === 'fetch' ? 's' : ''}` as CallName] as const),
  );

  it.each(fallbacks)("'%s' (%s)", async (text, call) => {
    const { error } = await outcome(call, { status: 500 });
    expect(error).toBeDefined();
    expect(errorMessage(error, text)).toBe(text);
  });
});
