import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { aGoal, aSubtask, aUser } from '../../../testing/fixtures.ts';
import { goalsApi } from './goals.api.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('goals api', () => {
  it('sends a fresh Idempotency-Key with every create and complete, and none with a PATCH', async () => {
    const goal = aGoal();
    const subtask = aSubtask();
    const { requests } = fakeApi({
      'POST /api/goals/goals': () => ({ status: 201, body: { goal } }),
      [`POST /api/goals/subtasks/${subtask.id}/complete`]: () => ({ status: 200, body: { subtask: { ...subtask, status: 'completed' }, pointsAwarded: 15 } }),
      [`PATCH /api/goals/goals/${goal.id}`]: () => ({ status: 200, body: { goal } }),
    });
    const store = signedIn();
    await store.dispatch(goalsApi.endpoints.createGoal.initiate({ title: 'Run' }));
    await store.dispatch(goalsApi.endpoints.createGoal.initiate({ title: 'Run' }));
    const completed = await store.dispatch(goalsApi.endpoints.completeSubtask.initiate(subtask));
    await store.dispatch(goalsApi.endpoints.updateGoal.initiate({ item: goal, changes: { priority: 1 } }));

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
    const goal = aGoal();
    fakeApi({ 'GET /api/goals/goals': () => ({ status: 200, body: [goal] }) });
    expect((await signedIn().dispatch(goalsApi.endpoints.getGoals.initiate())).data).toEqual([goal]);
  });

  it("keeps the server's message, or falls back to the spec's text", async () => {
    fakeApi({
      'GET /api/goals/goals': () => ({ status: 502, text: '<html>Bad gateway</html>' }),
      'POST /api/goals/goals': () => ({ status: 400, body: { message: 'title: is required', errors: [{ field: 'title', message: 'is required' }] } }),
    });
    const store = signedIn();
    const list = await store.dispatch(goalsApi.endpoints.getGoals.initiate());
    expect(errorMessage(list.error, 'Failed to fetch goals')).toBe('Failed to fetch goals');
    const created = await store.dispatch(goalsApi.endpoints.createGoal.initiate({ title: '' }));
    expect('error' in created && errorMessage(created.error, 'Failed to create goal')).toBe('title: is required');
  });
});
