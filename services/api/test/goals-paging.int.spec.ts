import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, useTestApp } from './support/api-client.ts';

// The goals' lists answer a page at a time like every list (contracts/src/common/paging.ts): `limit`
// and `cursor` in, `nextCursor` beside the list (spec.md §7's `{goals}` shape stays), every item
// exactly once in the lists' one order (newest first, id descending among items of one instant) when
// nextCursor is followed; limit and cursor checked; stats and progress count everything.

const app = useTestApp();
const { call } = apiClient(app);

interface User {
  token: string;
}
interface Item {
  id: string;
  createdAt: string;
  status: string;
  priority: number;
}

/** The lists' order: newest first, id descending among items created in the same instant. */
const newestFirst = (items: Item[]): string[] =>
  [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((item) => item.id);

/** Every page of a list from the first: the pages' sizes and their items' ids joined. */
const followed = async (user: User, path: string, key: string) => {
  const sizes: number[] = [];
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res = await call(user, 'GET', cursor ? `${path}${separator}cursor=${cursor}` : path);
    expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    expect(Object.keys(res.body).sort(), path).toEqual([key, 'nextCursor'].sort());
    sizes.push(res.body[key].length);
    ids.push(...res.body[key].map((item: Item) => item.id));
    cursor = res.body.nextCursor;
    if (sizes.length > 20) throw new Error(`${path}: more pages than there are items`);
  } while (cursor !== null);
  return { sizes, ids };
};

/** Sizes of the pages of `count` items at `limit` a page. */
const pagesOf = (count: number, limit: number): number[] =>
  count === 0 ? [0] : Array.from({ length: Math.ceil(count / limit) }, (_, n) => Math.min(limit, count - n * limit));

describe('a user with 9 goals, 9 tasks and 9 subtasks', () => {
  const statuses = ['pending', 'in-progress', 'completed'] as const;
  let user: User;
  const goals: Item[] = [];
  const tasks: Item[] = [];
  const subtasks: Item[] = [];
  const create = async (path: string, key: string, body: Record<string, unknown>): Promise<Item> => {
    const res = await call(user, 'POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body[key];
  };

  beforeAll(async () => {
    const { token } = await app.registerUser('Goal pager');
    user = { token };
    // Some items a second apart, some in one instant (their ids break the tie), across the pages.
    for (let i = 0; i < 9; i += 1) {
      if (i % 2 === 0) app.advanceClock(1000);
      goals.push(await create('/goals/goals', 'goal', { title: `Goal ${i}`, priority: (i % 2) + 2, status: statuses[i % 2] }));
    }
    for (let i = 0; i < 9; i += 1) {
      if (i % 3 === 0) app.advanceClock(1000);
      const goalId = i < 7 ? goals[0]!.id : goals[1]!.id;
      tasks.push(await create('/goals/tasks', 'task', { title: `Task ${i}`, goalId, priority: (i % 2) + 2, status: statuses[i % 2] }));
    }
    for (let i = 0; i < 9; i += 1) {
      if (i % 3 === 0) app.advanceClock(1000);
      const taskId = i < 7 ? tasks[0]!.id : tasks[1]!.id;
      subtasks.push(await create('/goals/subtasks', 'subtask', { title: `Subtask ${i}`, taskId, priority: (i % 2) + 2, status: statuses[i % 2] }));
    }
  }, 60_000);

  const lists = () => {
    const of = (items: Item[], predicate: (item: Item & { goalId?: string; taskId?: string }) => boolean) => items.filter(predicate);
    return [
      ['/goals/goals', 'goals', goals],
      ['/goals/goals?status=in-progress', 'goals', of(goals, (item) => item.status === 'in-progress')],
      ['/goals/all-tasks', 'tasks', tasks],
      ['/goals/all-tasks?priority=2', 'tasks', of(tasks, (item) => item.priority === 2)],
      ['/goals/all-subtasks', 'subtasks', subtasks],
      [`/goals/goals/${goals[0]!.id}/tasks`, 'tasks', of(tasks, (item) => item.goalId === goals[0]!.id)],
      [`/goals/goals/${goals[0]!.id}/tasks?status=pending`, 'tasks', of(tasks, (item) => item.goalId === goals[0]!.id && item.status === 'pending')],
      [`/goals/tasks/${tasks[0]!.id}/subtasks`, 'subtasks', of(subtasks, (item) => item.taskId === tasks[0]!.id)],
      ['/goals/tasks/status/pending', 'tasks', of(tasks, (item) => item.status === 'pending')],
      ['/goals/tasks/priority/3', 'tasks', of(tasks, (item) => item.priority === 3)],
      ['/goals/subtasks/status/in-progress', 'subtasks', of(subtasks, (item) => item.status === 'in-progress')],
      ['/goals/subtasks/priority/2', 'subtasks', of(subtasks, (item) => item.priority === 2)],
    ] as const;
  };

  it('answers the spec’s shape with every item on one page by default, and nextCursor null', async () => {
    for (const [path, key, items] of lists()) {
      const res = await call(user, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body.nextCursor, path).toBeNull();
      expect(
        res.body[key].map((item: Item) => item.id),
        path,
      ).toEqual(newestFirst([...items]));
    }
  });

  it.each([1, 2, 3])('following nextCursor at limit=%i gives every item once, in the lists’ order, on every list', async (limit) => {
    for (const [path, key, items] of lists()) {
      const separator = path.includes('?') ? '&' : '?';
      const all = await followed(user, `${path}${separator}limit=${limit}`, key);
      expect(items.length, path).toBeGreaterThan(limit);
      expect(all.sizes, path).toEqual(pagesOf(items.length, limit));
      expect(all.ids, path).toEqual(newestFirst([...items]));
    }
  });

  it('a page holds no more than its limit, and the page after it starts where it ended', async () => {
    const first = await call(user, 'GET', '/goals/goals?limit=2');
    expect(first.body.goals.map((item: Item) => item.id)).toEqual(newestFirst(goals).slice(0, 2));
    const second = await call(user, 'GET', `/goals/goals?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.goals.map((item: Item) => item.id)).toEqual(newestFirst(goals).slice(2, 4));
  });

  it('stats and progress count everything, not a page', async () => {
    const [goalStats, taskStats, progress] = await Promise.all([
      call(user, 'GET', '/goals/goals/stats?limit=2'),
      call(user, 'GET', '/goals/tasks/stats?limit=2'),
      call(user, 'GET', '/goals/progress?limit=2'),
    ]);
    expect(goalStats.body.stats.total).toBe(9);
    expect(taskStats.body.stats.total).toBe(9);
    expect(progress.body.progress).toHaveLength(9);
    expect(progress.body.progress.find((entry: { goalId: string }) => entry.goalId === goals[0]!.id).tasks.total).toBe(7);
  });
});

describe('limit and cursor are checked on every goals list', () => {
  const someId = '5b7e1c2a-0000-4000-8000-000000000001';
  const base64url = (text: string) => Buffer.from(text).toString('base64url');
  let user: User;
  let routes: string[];
  beforeAll(async () => {
    const { token } = await app.registerUser('Goal pager');
    user = { token };
    const goal = (await call(user, 'POST', '/goals/goals', { title: 'Parent' })).body.goal;
    const task = (await call(user, 'POST', '/goals/tasks', { title: 'Parent', goalId: goal.id })).body.task;
    routes = [
      '/goals/goals',
      '/goals/all-tasks',
      '/goals/all-subtasks',
      `/goals/goals/${goal.id}/tasks`,
      `/goals/tasks/${task.id}/subtasks`,
      '/goals/tasks/status/pending',
      '/goals/tasks/priority/3',
      '/goals/subtasks/status/completed',
      '/goals/subtasks/priority/1',
    ];
  });

  it('a limit that is not a whole number from 1 to 1,000 is a 400 naming limit', async () => {
    for (const route of routes) {
      for (const limit of ['0', '-1', '1001', '1.5', 'ten', '']) {
        const res = await call(user, 'GET', `${route}?limit=${limit}`);
        expect(res.status, `${route}?limit=${limit}`).toBe(400);
        expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['limit']);
      }
    }
  });

  it('a cursor no page handed out is a 400 naming cursor', async () => {
    for (const route of routes) {
      for (const cursor of [
        'garbage!',
        'bm90IGpzb24',
        base64url(`["not a date","${someId}"]`),
        base64url('["2026-01-01T00:00:00.000Z","not-a-uuid"]'),
        'x'.repeat(300),
      ]) {
        const res = await call(user, 'GET', `${route}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.status, `${route}?cursor=${cursor}`).toBe(400);
        expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['cursor']);
      }
    }
  });
});
