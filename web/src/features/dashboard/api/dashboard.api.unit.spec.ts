import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { dataOrFallback } from '../../../lib/api/data-or-fallback.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { signedInStore } from '../../../testing/signed-in-store.ts';
import { anActionable } from '../../../testing/fixtures.ts';
import { dashboardApi, dashboardFailures, dashboardFallbacks } from './dashboard.api.ts';

type Store = ReturnType<typeof signedInStore>;
const range = { startDate: '2026-11-17', endDate: '2026-11-23', timezone: 'Europe/London' };
const item = anActionable();
const { endpoints } = dashboardApi;

/** Each dashboard call with a §8 fallback: the route it asks and how it is dispatched. */
const calls: Record<keyof typeof dashboardFailures, { route: string; run: (store: Store) => Promise<{ error?: unknown }> }> = {
  daily: { route: 'GET /api/dashboard/daily-actionables', run: (s) => s.dispatch(endpoints.getDailyActionables.initiate('Europe/London')) },
  goalsInRange: { route: 'GET /api/dashboard/date-range/goals', run: (s) => s.dispatch(endpoints.getGoalsInRange.initiate(range)) },
  tasksInRange: { route: 'GET /api/dashboard/date-range/tasks', run: (s) => s.dispatch(endpoints.getTasksInRange.initiate(range)) },
  subtasksInRange: { route: 'GET /api/dashboard/date-range/subtasks', run: (s) => s.dispatch(endpoints.getSubtasksInRange.initiate(range)) },
  actionablesInRange: { route: 'GET /api/dashboard/date-range/actionables', run: (s) => s.dispatch(endpoints.getActionablesInRange.initiate(range)) },
  summary: { route: 'GET /api/dashboard/summary', run: (s) => s.dispatch(endpoints.getDashboardSummary.initiate(range)) },
  stats: { route: 'GET /api/points/stats', run: (s) => s.dispatch(endpoints.getPointsStats.initiate(range)) },
  recent: { route: 'GET /api/points/recent', run: (s) => s.dispatch(endpoints.getRecentActivities.initiate(5)) },
  heatmap: { route: 'GET /api/points/heatmap', run: (s) => s.dispatch(endpoints.getHeatmap.initiate(range)) },
  completeActionable: { route: `PATCH /api/actionables/${item.id}/complete`, run: (s) => s.dispatch(endpoints.completeDailyActionable.initiate(item)) },
  completeHabit: { route: `PATCH /api/actionables/habits/${item.id}/complete`, run: (s) => s.dispatch(endpoints.completeDailyHabit.initiate(item)) },
  undoHabit: { route: `PATCH /api/actionables/habits/${item.id}/uncomplete`, run: (s) => s.dispatch(endpoints.uncompleteDailyHabit.initiate(item)) },
  backfillHabit: {
    route: `POST /api/actionables/habits/${item.id}/completions`,
    run: (s) => s.dispatch(endpoints.backfillDailyHabit.initiate({ habit: item, date: '2026-11-22' })),
  },
  revertActionable: {
    route: `PATCH /api/actionables/${item.id}`,
    run: (s) => s.dispatch(endpoints.revertDailyActionable.initiate({ item, status: 'pending' })),
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("spec.md §8's dashboard fallback texts: a failure without a server message shows them", () => {
  it.each(Object.entries(dashboardFailures).map(([call, text]) => [text, call]))("'%s' (%s)", async (text, call) => {
    const { route, run } = calls[call as keyof typeof dashboardFailures];
    fakeApi({ [route]: () => ({ status: 500 }) });
    const { error } = await run(signedInStore());
    expect(error).toBeDefined();
    expect(errorMessage(error as Parameters<typeof errorMessage>[0], text)).toBe(text);
  });
});

describe('the date-range lists (spec.md §7)', () => {
  it('ask /dashboard/date-range/{goals,tasks,subtasks,actionables} with the range and the zone', async () => {
    const { requests } = fakeApi({
      'GET /api/dashboard/date-range/goals': () => ({ status: 200, body: dashboardFallbacks.goalsInRange }),
    });
    const urls: string[] = [];
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (request: Request) => {
      urls.push(request.url);
      return inner(request);
    });
    const result = await signedInStore().dispatch(endpoints.getGoalsInRange.initiate(range));
    expect(requests[0]?.authorization).toBe('Bearer tok');
    expect(new URL(urls[0]!).search).toBe('?startDate=2026-11-17&endDate=2026-11-23&timezone=Europe%2FLondon');
    expect(result.data).toEqual({ goals: [], summary: { totalPoints: 0, goalCount: 0 }, nextCursor: null });
  });

  it('read every page, following nextCursor, and keep the summary of the whole range', async () => {
    fakeApi({});
    const [first, second] = [anActionable({ title: 'Newer' }), anActionable({ id: '5b7e1c2a-0000-4000-8000-000000000002', title: 'Older' })];
    const summary = { totalPoints: 30, completedCount: 1, pendingCount: 1 };
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      urls.push(request.url);
      const cursor = new URL(request.url).searchParams.get('cursor');
      const body = cursor === 'page-2' ? { actionables: [second], summary, nextCursor: null } : { actionables: [first], summary, nextCursor: 'page-2' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const result = await signedInStore().dispatch(endpoints.getActionablesInRange.initiate(range));
    expect(urls.map((url) => new URL(url).search)).toEqual([
      '?startDate=2026-11-17&endDate=2026-11-23&timezone=Europe%2FLondon',
      '?startDate=2026-11-17&endDate=2026-11-23&timezone=Europe%2FLondon&cursor=page-2',
    ]);
    expect(result.data).toEqual({ actionables: [first, second], summary, nextCursor: null });
  });
});

describe('dashboard, points and heatmap reads that fail fall back to empty or zero values (spec.md §8)', () => {
  it('shows zero points, zero counts and empty lists for a failed read, keeping its error', async () => {
    fakeApi({ 'GET /api/points/stats': () => ({ status: 503 }), 'GET /api/dashboard/summary': () => ({ status: 503 }) });
    const store = signedInStore();
    const stats = await store.dispatch(endpoints.getPointsStats.initiate(range));
    const summary = await store.dispatch(endpoints.getDashboardSummary.initiate(range));
    expect(dataOrFallback(stats, dashboardFallbacks.stats)).toEqual({ today: 0, week: 0, month: 0, total: 0, streak: 0, range: 0 });
    expect(dataOrFallback(summary, dashboardFallbacks.summary)).toMatchObject({ totalPoints: 0, completedCount: 0, topAchievements: [], dailyPoints: [] });
    expect(stats.error).toMatchObject({ status: 503 });
    expect(dataOrFallback({ error: { status: 500 } }, dashboardFallbacks.heatmap)).toEqual([]);
    expect(dataOrFallback({ error: { status: 500 } }, dashboardFallbacks.recent)).toEqual([]);
    expect(dashboardFallbacks.daily('2026-11-23')).toEqual({ date: '2026-11-23', actionables: [] });
    expect(dashboardFallbacks.actionablesInRange.summary).toEqual({ totalPoints: 0, completedCount: 0, pendingCount: 0 });
  });

  it('keeps the last data of a failed refresh, and has nothing to show while loading', () => {
    expect(
      dataOrFallback({ data: [{ date: '2026-11-23', points: 5, count: 1, completions: 1 }], error: { status: 500 } }, dashboardFallbacks.heatmap),
    ).toHaveLength(1);
    expect(dataOrFallback({}, dashboardFallbacks.heatmap)).toBeUndefined();
  });
});
