import { afterEach, describe, expect, it, vi } from 'vitest';
import { callFailure, errorMessage } from '../../../lib/api/api-errors.ts';
import { fakeApi, type FakeResponse } from '../../../testing/fake-api.ts';
import { makeStore } from '../../../app/store.ts';
import { signedInStore } from '../../../testing/signed-in-store.ts';
import { aGoal, aSubtask, aTask } from '../../../testing/fixtures.ts';
import { goalFailures } from './goal-call-errors.ts';
import { goalsApi, listOrEmpty } from './goals.api.ts';

const goal = aGoal();
const task = aTask();
const subtask = aSubtask();
const store = () => signedInStore();
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
      [`POST /api/goals/subtasks/${subtask.id}/complete`]: () => ({
        status: 200,
        body: {
          subtask: { ...subtask, status: 'completed' },
          pointsAwarded: 15,
          // How the rules counted it (issue 20): a priority 3 subtask, 5 × (6 − 3).
          receipt: { rule: 'subtask', rulesVersion: 1, inputs: { priority: 3, base: 5 }, points: 15 },
        },
      }),
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

  describe('lists the server answers a page at a time (nextCursor) are read whole, in its order', () => {
    const [newer, older, oldest] = ['1', '2', '3'].map((n) => aGoal({ id: `9f1c2d3e-0000-4000-8000-00000000a10${n}`, title: `Goal ${n}` }));
    const [taskA, taskB] = ['1', '2'].map((n) => aTask({ id: `9f1c2d3e-0000-4000-8000-00000000b10${n}` }));
    const [subtaskA, subtaskB] = ['1', '2'].map((n) => aSubtask({ id: `9f1c2d3e-0000-4000-8000-00000000c10${n}` }));
    const lists = {
      'GET /api/goals/goals': { key: 'goals', pages: [[newer, older], [oldest]], run: (s: Store) => s.dispatch(goalsApi.endpoints.getGoals.initiate()) },
      [`GET /api/goals/goals/${goal.id}/tasks`]: {
        key: 'tasks',
        pages: [[taskA], [taskB]],
        run: (s: Store) => s.dispatch(goalsApi.endpoints.getGoalTasks.initiate(goal.id)),
      },
      [`GET /api/goals/tasks/${task.id}/subtasks`]: {
        key: 'subtasks',
        pages: [[subtaskA], [subtaskB]],
        run: (s: Store) => s.dispatch(goalsApi.endpoints.getTaskSubtasks.initiate(task.id)),
      },
      'GET /api/goals/all-tasks': { key: 'tasks', pages: [[taskA], [], [taskB]], run: (s: Store) => s.dispatch(goalsApi.endpoints.getAllTasks.initiate()) },
      'GET /api/goals/all-subtasks': {
        key: 'subtasks',
        pages: [[subtaskA], [subtaskB]],
        run: (s: Store) => s.dispatch(goalsApi.endpoints.getAllSubtasks.initiate()),
      },
    };

    it.each(Object.entries(lists))('%s: every page, following nextCursor, items joined in order', async (route, { key, pages, run }) => {
      const { urls } = pagedServer(route, key, pages);
      const result = await run(store());
      expect(result.data).toEqual(pages.flat());
      // The first request is the one the route always took; each next one sends the cursor the page before handed out.
      expect(urls.map((url) => url.search)).toEqual(pages.map((_, n) => (n === 0 ? '' : `?cursor=page-${n + 1}`)));
    });

    it("a later page that fails fails the whole list with spec.md §8's text, and it reads as empty", async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      fakeApi({
        'GET /api/goals/goals': (_body, url) =>
          url.searchParams.has('cursor') ? { status: 503 } : { status: 200, body: { goals: [newer], nextCursor: 'page-2' } },
      });
      const result = await store().dispatch(goalsApi.endpoints.getGoals.initiate());
      expect(result.data).toBeUndefined();
      expect(callFailure(result.error)).toBe('Server error (503): Unknown error');
      expect(listOrEmpty(result)).toEqual([]);
    });

    it("a later page without a recognisable list is 'Invalid response format from server - no valid task data'", async () => {
      fakeApi({
        'GET /api/goals/all-tasks': (_body, url) =>
          url.searchParams.has('cursor') ? { status: 200, body: { message: 'ok' } } : { status: 200, body: { tasks: [taskA], nextCursor: 'page-2' } },
      });
      const result = await store().dispatch(goalsApi.endpoints.getAllTasks.initiate());
      expect(callFailure(result.error)).toBe('Invalid response format from server - no valid task data');
    });

    it('a bare array is the whole list: no cursor, no second request', async () => {
      const { urls } = pagedServer('GET /api/goals/goals', 'goals', [[newer, older]], { bare: true });
      expect((await store().dispatch(goalsApi.endpoints.getGoals.initiate())).data).toEqual([newer, older]);
      expect(urls).toHaveLength(1);
    });
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

/**
 * A server answering `route` in `pages`: page n (n ≥ 2) is asked with cursor `page-n`, every page but
 * the last hands out the next one's; with `bare`, the one page is a plain array. Returns the URLs asked.
 */
const pagedServer = (route: string, key: string, pages: unknown[][], { bare = false } = {}): { urls: URL[] } => {
  const urls: URL[] = [];
  fakeApi({
    [route]: (_body, url) => {
      urls.push(url);
      const cursor = url.searchParams.get('cursor');
      const n = cursor === null ? 0 : Number(cursor.replace('page-', '')) - 1;
      const nextCursor = n + 1 < pages.length ? `page-${n + 2}` : null;
      return { status: 200, body: bare ? pages[n] : { [key]: pages[n], nextCursor } };
    },
  });
  return { urls };
};
