import { afterEach, describe, expect, it, vi } from 'vitest';
import { callFailure, errorMessage as shownMessage } from '../../../lib/api/api-errors.ts';
import { fakeApi, type FakeResponse, recordUrls } from '../../../testing/fake-api.ts';
import { signedInStore } from '../../../testing/signed-in-store.ts';
import { aGoal, anActionable, aTask } from '../../../testing/fixtures.ts';
import { actionableFailures, actionablesApi, habitFailures, listFailure } from './actionables.api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('actionables api', () => {
  it('takes a habit’s completion back and records a missed day with a key each, and the habits are read again after both', async () => {
    const habit = anActionable({ isHabit: true, title: 'Read' });
    const { requests } = fakeApi({
      'GET /api/actionables/habits': () => ({ status: 200, body: { habits: [habit], nextCursor: null } }),
      [`PATCH /api/actionables/habits/${habit.id}/uncomplete`]: () => ({
        status: 200,
        body: { habit, pointsRevoked: 22, occurrence: '2026-11-23', streak: 2 },
      }),
      [`POST /api/actionables/habits/${habit.id}/completions`]: () => ({ status: 201, body: { habit, pointsAwarded: 11, streak: 3 } }),
    });
    const store = signedInStore();
    const habits = store.dispatch(actionablesApi.endpoints.getHabits.initiate());
    await habits;
    const undone = await store.dispatch(actionablesApi.endpoints.uncompleteHabit.initiate(habit));
    expect(undone.data).toMatchObject({ pointsRevoked: 22, streak: 2 });
    const recorded = await store.dispatch(actionablesApi.endpoints.backfillHabit.initiate({ habit, date: '2026-11-22' }));
    expect(recorded.data).toMatchObject({ pointsAwarded: 11 });
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(3));
    const writes = requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => [request.method, request.path])).toEqual([
      ['PATCH', `/api/actionables/habits/${habit.id}/uncomplete`],
      ['POST', `/api/actionables/habits/${habit.id}/completions`],
    ]);
    expect(writes.every((request) => /^[0-9a-f-]{36}$/.test(request.idempotencyKey ?? ''))).toBe(true);
    expect(writes[1]?.body).toEqual({ date: '2026-11-22' });
    habits.unsubscribe();
  });

  it('sends a fresh Idempotency-Key with every POST and PATCH, and none with a DELETE', async () => {
    const item = anActionable();
    const habit = anActionable({ id: '5b7e1c2a-0000-4000-8000-000000000002', isHabit: true });
    const { requests } = fakeApi({
      'POST /api/actionables': () => ({ status: 201, body: { actionable: item } }),
      'POST /api/actionables/habits': () => ({ status: 201, body: { habit } }),
      [`PATCH /api/actionables/${item.id}`]: () => ({ status: 200, body: { actionable: item } }),
      [`PATCH /api/actionables/${item.id}/complete`]: () => ({
        status: 200,
        body: { actionable: { ...item, status: 'completed', pointsAwarded: 20 }, pointsAwarded: 20 },
      }),
      [`PATCH /api/actionables/habits/${habit.id}/complete`]: () => ({ status: 200, body: { habit: { ...habit, streak: 1 }, pointsAwarded: 10, streak: 1 } }),
      'POST /api/actionables/import': () => ({ status: 201, body: { imported: 1, actionables: [item] } }),
      [`DELETE /api/actionables/${item.id}`]: () => ({ status: 204 }),
    });
    const store = signedInStore();
    await store.dispatch(actionablesApi.endpoints.createActionable.initiate({ title: 'Buy milk' }));
    await store.dispatch(actionablesApi.endpoints.createHabit.initiate({ title: 'Read', recurrence: { frequency: 'daily' } }));
    await store.dispatch(actionablesApi.endpoints.updateActionable.initiate({ item, changes: { status: 'pending' } }));
    const completed = await store.dispatch(actionablesApi.endpoints.completeActionable.initiate(item));
    const habitDone = await store.dispatch(actionablesApi.endpoints.completeHabit.initiate(habit));
    await store.dispatch(actionablesApi.endpoints.importActionables.initiate([{ title: 'Buy milk' }]));
    await store.dispatch(actionablesApi.endpoints.deleteActionable.initiate(item));

    const keys = requests.slice(0, 6).map((request) => request.idempotencyKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(6);
    expect(requests.map((request) => request.method)).toEqual(['POST', 'POST', 'PATCH', 'PATCH', 'PATCH', 'POST', 'DELETE']);
    expect(requests[3]).toMatchObject({ path: `/api/actionables/${item.id}/complete`, body: undefined, authorization: 'Bearer tok' });
    expect(requests[5]?.body).toEqual({ actionables: [{ title: 'Buy milk' }] });
    expect(requests[6]?.idempotencyKey).toBeNull();
    expect(completed.data?.pointsAwarded).toBe(20);
    expect(habitDone.data).toMatchObject({ pointsAwarded: 10, streak: 1 });
  });

  it('asks for a date with the zone, for a range, or for everything', async () => {
    fakeApi({
      'GET /api/actionables': () => ({ status: 200, body: { actionables: [anActionable()] } }),
      'GET /api/actionables/range': () => ({ status: 200, body: { actionables: [] } }),
    });
    const urls = recordUrls();
    const store = signedInStore();
    const onDate = await store.dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'date', date: '2026-11-23', timezone: 'Asia/Tokyo' }));
    await store.dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'range', startDate: '2026-11-01', endDate: '2026-11-23', timezone: 'UTC' }));
    await store.dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'all' }));
    expect(urls.map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
      '/api/actionables?date=2026-11-23&timezone=Asia%2FTokyo',
      '/api/actionables/range?startDate=2026-11-01&endDate=2026-11-23&timezone=UTC',
      '/api/actionables',
    ]);
    expect(onDate.data?.map((item) => item.title)).toEqual(['Buy milk']);
  });

  it('reads habits as {habits} or a bare array, a malformed one as the placeholder', async () => {
    fakeApi({ 'GET /api/actionables/habits': () => ({ status: 200, body: [anActionable({ isHabit: true }), { title: 'no id' }] }) });
    const result = await signedInStore().dispatch(actionablesApi.endpoints.getHabits.initiate());
    expect(result.data?.map((habit) => [habit.title, habit.loadProblem])).toEqual([
      ['Buy milk', undefined],
      ['Error: Invalid Actionable', 'Actionable missing ID'],
    ]);
  });

  it("keeps the server's message (a 409 on a habit done twice), or falls back to the spec's text", async () => {
    const habit = anActionable({ isHabit: true });
    fakeApi({
      [`PATCH /api/actionables/habits/${habit.id}/complete`]: () => ({ status: 409, body: { message: 'Habit already completed for this period' } }),
      'GET /api/actionables/range': () => ({ status: 502, text: '<html>Bad gateway</html>' }),
    });
    const store = signedInStore();
    const again = await store.dispatch(actionablesApi.endpoints.completeHabit.initiate(habit));
    expect('error' in again && again.error).toMatchObject({ status: 409 });
    expect('error' in again && shownMessage(again.error, 'Failed to complete habit')).toBe('Habit already completed for this period');
    const view = { kind: 'range', startDate: '2026-11-01', endDate: '2026-11-02', timezone: 'UTC' } as const;
    const list = await store.dispatch(actionablesApi.endpoints.getActionables.initiate(view));
    expect(shownMessage(list.error, listFailure(view))).toBe('Failed to fetch actionables for the date range');
    expect(listFailure({ kind: 'date', date: '2026-11-01', timezone: 'UTC' })).toBe('Failed to fetch actionables for the date');
  });

  it('exports a range as the file the server wrote, named by its Content-Disposition', async () => {
    fakeApi({});
    const file = JSON.stringify({ actionables: [anActionable()], exportedAt: '2026-11-23T10:00:00.000Z', startDate: '2026-11-17', endDate: '2026-11-23' });
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      urls.push(request.url);
      return new Response(file, {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="actionables-2026-11-17-to-2026-11-23.json"' },
      });
    });
    const result = await signedInStore().dispatch(
      actionablesApi.endpoints.exportActionables.initiate({ startDate: '2026-11-17', endDate: '2026-11-23', timezone: 'Europe/London' }),
    );
    expect(new URL(urls[0]!).search).toBe('?startDate=2026-11-17&endDate=2026-11-23&timezone=Europe%2FLondon');
    expect(result.data).toEqual({ text: file, filename: 'actionables-2026-11-17-to-2026-11-23.json' });
  });

  it('reads every page of a list, following nextCursor, in the order the server answers', async () => {
    fakeApi({});
    const [newer, older] = [anActionable({ title: 'Newer' }), anActionable({ id: '5b7e1c2a-0000-4000-8000-000000000002', title: 'Older' })];
    const urls = pagedServer({ actionables: [newer] }, { actionables: [older] });
    const list = await signedInStore().dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'date', date: '2026-11-23', timezone: 'UTC' }));
    expect(urls.map((url) => new URL(url).search)).toEqual(['?date=2026-11-23&timezone=UTC', '?date=2026-11-23&timezone=UTC&cursor=page-2']);
    expect(list.data?.map((item) => item.title)).toEqual(['Newer', 'Older']);
  });

  it('reads every page of the habits', async () => {
    fakeApi({});
    const urls = pagedServer(
      { habits: [anActionable({ isHabit: true, title: 'Read' })] },
      { habits: [anActionable({ id: '5b7e1c2a-0000-4000-8000-000000000002', isHabit: true, title: 'Run' })] },
    );
    const habits = await signedInStore().dispatch(actionablesApi.endpoints.getHabits.initiate());
    expect(urls.map((url) => new URL(url).search)).toEqual(['', '?cursor=page-2']);
    expect(habits.data?.map((item) => item.title)).toEqual(['Read', 'Run']);
  });

  it("exports the whole range: every page's actionables in one file, with no cursor left in it", async () => {
    fakeApi({});
    const [newer, older] = [anActionable({ title: 'Newer' }), anActionable({ id: '5b7e1c2a-0000-4000-8000-000000000002', title: 'Older' })];
    const head = { exportedAt: '2026-11-23T10:00:00.000Z', startDate: '2026-11-17', endDate: '2026-11-23' };
    const urls = pagedServer({ actionables: [newer], ...head }, { actionables: [older], ...head });
    const result = await signedInStore().dispatch(
      actionablesApi.endpoints.exportActionables.initiate({ startDate: '2026-11-17', endDate: '2026-11-23', timezone: 'UTC' }),
    );
    expect(urls).toHaveLength(2);
    expect(new URL(urls[1]!).searchParams.get('cursor')).toBe('page-2');
    expect(result.data?.filename).toBe('actionables-2026-11-17-to-2026-11-23.json');
    expect(JSON.parse(result.data!.text)).toEqual({ actionables: [newer, older], ...head });
  });

  it('fails the whole read when a later page fails, rather than show half a list', async () => {
    fakeApi({});
    vi.stubGlobal('fetch', async (request: Request) =>
      new URL(request.url).searchParams.has('cursor')
        ? new Response(JSON.stringify({ message: 'cursor: must be the nextCursor of an earlier page' }), { status: 400 })
        : new Response(JSON.stringify({ actionables: [anActionable()], nextCursor: 'page-2' }), { status: 200 }),
    );
    const list = await signedInStore().dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'all' }));
    expect(list.data).toBeUndefined();
    expect(list.error).toMatchObject({ status: 400 });
  });

  it('shows why an export failed from the problem document', async () => {
    fakeApi({
      'GET /api/actionables/export': () => ({
        status: 400,
        body: { message: 'endDate: must not be before startDate', errors: [{ field: 'endDate', message: 'must not be before startDate' }] },
      }),
    });
    const result = await signedInStore().dispatch(
      actionablesApi.endpoints.exportActionables.initiate({ startDate: '2026-11-23', endDate: '2026-11-01', timezone: 'UTC' }),
    );
    expect('error' in result && shownMessage(result.error, 'Failed to export actionables')).toBe('endDate: must not be before startDate');
  });
});

/**
 * A server answering two pages: the first with nextCursor 'page-2', the second (asked with that
 * cursor) with none, as the export route names its file. Returns the URLs fetched.
 */
const pagedServer = (first: Record<string, unknown>, second: Record<string, unknown>): string[] => {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    urls.push(request.url);
    const body = new URL(request.url).searchParams.get('cursor') === 'page-2' ? { ...second, nextCursor: null } : { ...first, nextCursor: 'page-2' };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="actionables-2026-11-17-to-2026-11-23.json"' },
    });
  });
  return urls;
};

type Store = ReturnType<typeof signedInStore>;
const item = anActionable();
const habit = anActionable({ id: '5b7e1c2a-0000-4000-8000-000000000002', isHabit: true });
const range = { startDate: '2026-11-01', endDate: '2026-11-02', timezone: 'UTC' };

/** Each call with a §8 fallback: the route it asks and how it is dispatched. */
const calls: Record<string, { route: string; run: (store: Store) => Promise<{ error?: unknown }> }> = {
  [actionableFailures.fetch]: { route: 'GET /api/actionables', run: (s) => s.dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'all' })) },
  [actionableFailures.fetchForDate]: {
    route: 'GET /api/actionables',
    run: (s) => s.dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'date', date: '2026-11-01', timezone: 'UTC' })),
  },
  [actionableFailures.fetchForRange]: {
    route: 'GET /api/actionables/range',
    run: (s) => s.dispatch(actionablesApi.endpoints.getActionables.initiate({ kind: 'range', ...range })),
  },
  [actionableFailures.fetchOne]: { route: `GET /api/actionables/${item.id}`, run: (s) => s.dispatch(actionablesApi.endpoints.getActionable.initiate(item.id)) },
  [actionableFailures.create]: {
    route: 'POST /api/actionables',
    run: (s) => s.dispatch(actionablesApi.endpoints.createActionable.initiate({ title: 'Buy milk' })),
  },
  [actionableFailures.update]: {
    route: `PATCH /api/actionables/${item.id}`,
    run: (s) => s.dispatch(actionablesApi.endpoints.updateActionable.initiate({ item, changes: { weight: 3 } })),
  },
  [actionableFailures.complete]: {
    route: `PATCH /api/actionables/${item.id}/complete`,
    run: (s) => s.dispatch(actionablesApi.endpoints.completeActionable.initiate(item)),
  },
  [actionableFailures.delete]: {
    route: `DELETE /api/actionables/${item.id}`,
    run: (s) => s.dispatch(actionablesApi.endpoints.deleteActionable.initiate(item)),
  },
  [actionableFailures.export]: { route: 'GET /api/actionables/export', run: (s) => s.dispatch(actionablesApi.endpoints.exportActionables.initiate(range)) },
  [actionableFailures.import]: {
    route: 'POST /api/actionables/import',
    run: (s) => s.dispatch(actionablesApi.endpoints.importActionables.initiate([{ title: 'Buy milk' }])),
  },
  [habitFailures.fetch]: { route: 'GET /api/actionables/habits', run: (s) => s.dispatch(actionablesApi.endpoints.getHabits.initiate()) },
  [habitFailures.create]: {
    route: 'POST /api/actionables/habits',
    run: (s) => s.dispatch(actionablesApi.endpoints.createHabit.initiate({ title: 'Read', recurrence: { frequency: 'daily' } })),
  },
  [habitFailures.complete]: {
    route: `PATCH /api/actionables/habits/${habit.id}/complete`,
    run: (s) => s.dispatch(actionablesApi.endpoints.completeHabit.initiate(habit)),
  },
  [habitFailures.undo]: {
    route: `PATCH /api/actionables/habits/${habit.id}/uncomplete`,
    run: (s) => s.dispatch(actionablesApi.endpoints.uncompleteHabit.initiate(habit)),
  },
  [habitFailures.backfill]: {
    route: `POST /api/actionables/habits/${habit.id}/completions`,
    run: (s) => s.dispatch(actionablesApi.endpoints.backfillHabit.initiate({ habit, date: '2026-11-22' })),
  },
};

const errorOf = async (fallback: string, answer: FakeResponse) => {
  const call = calls[fallback]!;
  fakeApi({ [call.route]: () => answer });
  const result = await call.run(signedInStore());
  return result.error as Parameters<typeof shownMessage>[0];
};

describe("spec.md §8's fallback texts for actionables and habits: a failure without a server message shows them", () => {
  it('lists all ten for actionables and five for habits', () => {
    expect(Object.keys(calls)).toHaveLength(15);
  });

  it.each(Object.keys(calls))("'%s'", async (fallback) => {
    const error = await errorOf(fallback, { status: 500 });
    expect(error).toBeDefined();
    expect(shownMessage(error, fallback)).toBe(fallback);
  });
});

describe('answers with no recognisable actionable (spec.md §5)', () => {
  it.each([actionableFailures.create, habitFailures.create, actionableFailures.update])(
    "give 'Invalid response format from server' to a create or update (%s)",
    async (fallback) => {
      const error = await errorOf(fallback, { status: 200, body: { ok: true } });
      expect(callFailure(error)).toBe('Invalid response format from server');
      expect(shownMessage(error, fallback)).toBe(fallback);
    },
  );

  it("reject an answered actionable without an id with 'Actionable missing ID'", async () => {
    const { id: _id, ...withoutId } = item;
    expect(callFailure(await errorOf(actionableFailures.create, { status: 201, body: { actionable: withoutId } }))).toBe('Actionable missing ID');
  });

  it("reject a malformed answered actionable with 'Invalid actionable data'", async () => {
    expect(callFailure(await errorOf(actionableFailures.fetchOne, { status: 200, body: { actionable: { ...item, weight: 'heavy' } } }))).toBe(
      'Invalid actionable data',
    );
  });
});

describe('the goals, tasks and subtasks an actionable links to', () => {
  it('reads every page of the goals (an older goal can be linked too); a failing later page reads as no list', async () => {
    const [newer, older] = [aGoal({ title: 'Newer' }), aGoal({ id: '9f1c2d3e-0000-4000-8000-00000000a002', title: 'Older' })];
    fakeApi({
      'GET /api/goals/goals': (_body, url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { goals: [older], nextCursor: null } }
          : { status: 200, body: { goals: [newer], nextCursor: 'page-2' } },
      'GET /api/goals/all-tasks': (_body, url) =>
        url.searchParams.has('cursor') ? { status: 500 } : { status: 200, body: { tasks: [aTask()], nextCursor: 'page-2' } },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = signedInStore();
    expect((await store.dispatch(actionablesApi.endpoints.getLinkGoals.initiate())).data?.map((goal) => goal.title)).toEqual(['Newer', 'Older']);
    expect((await store.dispatch(actionablesApi.endpoints.getLinkTasks.initiate())).data).toEqual([]);
  });

  it('failed list fetches for goals, tasks and subtasks give empty lists', async () => {
    fakeApi({
      'GET /api/goals/goals': () => ({ status: 500 }),
      'GET /api/goals/all-tasks': () => ({ status: 200, text: '<html>oops</html>' }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = signedInStore();
    const goals = await store.dispatch(actionablesApi.endpoints.getLinkGoals.initiate());
    const tasks = await store.dispatch(actionablesApi.endpoints.getLinkTasks.initiate());
    const subtasks = await store.dispatch(actionablesApi.endpoints.getLinkSubtasks.initiate());
    expect([goals.data, tasks.data, subtasks.data]).toEqual([[], [], []]);
  });
});
