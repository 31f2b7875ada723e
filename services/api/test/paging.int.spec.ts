import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@tracker/contracts/common/paging';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';

// Lists answer a page at a time (contracts/src/common/paging.ts): bounded by default, every item
// exactly once in the lists' order when nextCursor is followed, limit and cursor checked.

const app = useTestApp();
const { call, newUser } = apiClient(app);

interface Item {
  id: string;
  createdAt: string;
  status: string;
}

const today = (user: User) => new Date().toLocaleDateString('en-CA', { timeZone: user.timezone });
/** A range wide enough for anything made today, whatever the zone. */
const wideRange = (user: User) => {
  const day = new Date(`${today(user)}T00:00:00Z`).getTime();
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `startDate=${date(day - 2 * 86_400_000)}&endDate=${date(day + 2 * 86_400_000)}`;
};
/** The lists' order before paging: newest first, id descending among items created in the same instant. */
const newestFirst = (items: Item[]): string[] =>
  [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((item) => item.id);
const imported = async (user: User, count: number, offset: number): Promise<Item[]> => {
  const res = await call(
    user,
    'POST',
    '/actionables/import',
    Array.from({ length: count }, (_, i) => ({ title: `Item ${offset + i}`, ...((offset + i) % 3 === 0 ? { status: 'completed' } : {}) })),
  );
  if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.actionables as Item[];
};

/** Every page of a list from the first (or from the page `from` starts): the pages' sizes and their items joined. */
const followed = async (user: User, path: string, key: string, from: string | null = null) => {
  const sizes: number[] = [];
  const items: Item[] = [];
  let cursor = from;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res = await call(user, 'GET', cursor ? `${path}${separator}cursor=${cursor}` : path);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    sizes.push(res.body[key].length);
    items.push(...res.body[key]);
    cursor = res.body.nextCursor;
    if (sizes.length > 20) throw new Error(`${path}: more pages than there are items`);
  } while (cursor !== null);
  return { sizes, items, ids: items.map((item) => item.id) };
};

describe('a user with 1,200 actionables', () => {
  let user: User;
  let items: Item[];
  beforeAll(async () => {
    user = await newUser();
    // Two imports a minute apart: 1,000 items created in one instant (id breaks their tie), then 200.
    const first = await imported(user, 1000, 0);
    app.advanceClock(60_000);
    items = [...first, ...(await imported(user, 200, 1000))];
  }, 120_000);

  it.each([
    ['/actionables', 'actionables'],
    ['/actionables/range?RANGE', 'actionables'],
    ['/actionables/export?RANGE', 'actionables'],
    ['/dashboard/date-range/actionables?RANGE', 'actionables'],
  ])('GET %s answers at most the default page, and following nextCursor gives every item once, newest first', async (route, key) => {
    const path = route.replace('RANGE', wideRange(user));
    const first = await call(user, 'GET', path);
    expect(first.body[key]).toHaveLength(PAGE_SIZE_DEFAULT);
    expect(typeof first.body.nextCursor).toBe('string');
    const all = await followed(user, path, key);
    expect(all.sizes).toEqual([500, 500, 200]);
    expect(new Set(all.ids).size).toBe(1200);
    expect(all.ids).toEqual(newestFirst(items));
  });

  it('answers up to 1,000 when asked, and never more', async () => {
    const path = `/actionables/range?${wideRange(user)}&limit=${PAGE_SIZE_MAX}`;
    const all = await followed(user, path, 'actionables');
    expect(all.sizes).toEqual([1000, 200]);
    expect(all.ids).toEqual(newestFirst(items));
  });

  it('keeps the summary of the whole range on every page of /dashboard/date-range/actionables', async () => {
    const path = `/dashboard/date-range/actionables?${wideRange(user)}&limit=7`;
    const page = await call(user, 'GET', path);
    expect(page.body.actionables).toHaveLength(7);
    const completed = items.filter((item) => item.status === 'completed').length;
    expect(page.body.summary).toEqual({ totalPoints: 0, completedCount: completed, pendingCount: 1200 - completed });
    const second = await call(user, 'GET', `${path}&cursor=${page.body.nextCursor}`);
    expect(second.body.summary).toEqual(page.body.summary);
  });

  it('is stable under inserts: an item created between two pages neither repeats nor hides one', async () => {
    const other = await newUser();
    const mine = await imported(other, 30, 0);
    const first = await call(other, 'GET', '/actionables?limit=10');
    app.advanceClock(1000);
    const added = await call(other, 'POST', '/actionables', { title: 'Created while paging' });
    expect(added.status).toBe(201);
    const rest = await followed(other, '/actionables?limit=10', 'actionables', first.body.nextCursor);
    expect([...first.body.actionables.map((item: Item) => item.id), ...rest.ids]).toEqual(newestFirst(mine));
    // A fresh read starts with it.
    expect((await call(other, 'GET', '/actionables?limit=1')).body.actionables[0].id).toBe(added.body.actionable.id);
  });
});

describe('habits and date-range lists of goals, tasks and subtasks', () => {
  it('page /actionables/habits', async () => {
    const user = await newUser();
    const habits: Item[] = [];
    for (let i = 0; i < 5; i += 1) habits.push((await call(user, 'POST', '/actionables/habits', { title: `Habit ${i}` })).body.habit);
    const all = await followed(user, '/actionables/habits?limit=2', 'habits');
    expect(all.sizes).toEqual([2, 2, 1]);
    expect(all.ids).toEqual(newestFirst(habits));
  });

  it('page the goals, tasks and subtasks of a range, each summary counting the whole range', async () => {
    const user = await newUser();
    const goals: Item[] = [];
    for (let i = 0; i < 3; i += 1) goals.push((await call(user, 'POST', '/goals/goals', { title: `Goal ${i}`, priority: 3 })).body.goal);
    const tasks: Item[] = [];
    for (let i = 0; i < 3; i += 1) tasks.push((await call(user, 'POST', '/goals/tasks', { title: `Task ${i}`, goalId: goals[0]!.id, priority: 3 })).body.task);
    const subtasks: Item[] = [];
    for (let i = 0; i < 3; i += 1) {
      subtasks.push((await call(user, 'POST', '/goals/subtasks', { title: `Subtask ${i}`, taskId: tasks[0]!.id, priority: 3 })).body.subtask);
    }
    const done = await call(user, 'PATCH', `/goals/goals/${goals[1]!.id}`, { status: 'completed' });
    expect(done.status).toBe(200);
    const points = done.body.goal.pointsHistory.reduce((sum: number, entry: { points: number }) => sum + entry.points, 0);
    expect(points).toBeGreaterThan(0);

    const range = wideRange(user);
    for (const [kind, list, summary] of [
      ['goals', goals, { totalPoints: points, goalCount: 3 }],
      ['tasks', tasks, { taskCount: 3 }],
      ['subtasks', subtasks, { subtaskCount: 3 }],
    ] as const) {
      const path = `/dashboard/date-range/${kind}?${range}&limit=1`;
      const first = await call(user, 'GET', path);
      expect(first.body.summary, kind).toEqual(summary);
      const all = await followed(user, path, kind);
      expect(all.sizes, kind).toEqual([1, 1, 1]);
      expect(all.ids, kind).toEqual(newestFirst(list));
    }
  });
});

describe('limit and cursor are checked', () => {
  const routes = [
    '/actionables',
    '/actionables/habits',
    '/actionables/range?startDate=2026-01-01&endDate=2026-01-02',
    '/actionables/export?startDate=2026-01-01&endDate=2026-01-02',
    '/dashboard/date-range/goals',
    '/dashboard/date-range/tasks',
    '/dashboard/date-range/subtasks',
    '/dashboard/date-range/actionables',
  ];
  const base64url = (text: string) => Buffer.from(text).toString('base64url');

  it.each(routes)('%s: a limit that is not a whole number from 1 to 1,000 is a 400 naming limit', async (route) => {
    const user = await newUser();
    const separator = route.includes('?') ? '&' : '?';
    for (const limit of ['0', '-1', '1001', '1.5', 'ten', '']) {
      const res = await call(user, 'GET', `${route}${separator}limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['limit']);
    }
  });

  it.each(routes)('%s: a cursor no page handed out is a 400 naming cursor', async (route) => {
    const user = await newUser();
    const separator = route.includes('?') ? '&' : '?';
    for (const cursor of [
      'garbage!',
      'bm90IGpzb24',
      base64url('["not a date","5b7e1c2a-0000-4000-8000-000000000001"]'),
      base64url('["2026-01-01T00:00:00.000Z","not-a-uuid"]'),
      base64url('{"createdAt":"2026-01-01T00:00:00.000Z"}'),
      'x'.repeat(300),
    ]) {
      const res = await call(user, 'GET', `${route}${separator}cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, `cursor=${cursor}`).toBe(400);
      expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['cursor']);
    }
  });
});
