import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { actionablesApi } from '../../features/actionables/api/actionables.api.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { anActionable, aUser } from '../../testing/fixtures.ts';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { selectMyQueue, selectMyRefusals, selectOnline } from './offline.slice.ts';
import { readOutbox } from './outbox-storage.ts';
import { sendQueue } from './outbox-sender.ts';
import { isQueued, QUEUED_TEXT } from './queued-change.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false, sessionExpired: false } });
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};
const read = anActionable({ id: '7d1c2d3e-0000-4000-8000-0000000000r1', title: 'Read', isHabit: true });
const rent = anActionable({ id: '7d1c2d3e-0000-4000-8000-0000000000p1', title: 'Pay rent' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the offline queue (issue 19)', () => {
  it('keeps a completion that gets no answer, with its Idempotency-Key, and says so instead of failing', async () => {
    memoryStorage();
    const { requests } = fakeApi({ 'PATCH /api/actionables/habits/7d1c2d3e-0000-4000-8000-0000000000r1/complete': unreachable });
    const store = signedIn();
    const result = await store.dispatch(actionablesApi.endpoints.completeHabit.initiate(read));
    expect(isQueued(result.error)).toBe(true);
    expect(result.error).toMatchObject({ data: { message: QUEUED_TEXT } });
    expect(selectOnline(store.getState())).toBe(false);
    const [queued] = selectMyQueue(store.getState());
    expect(queued).toMatchObject({ label: 'Complete habit “Read”', itemId: read.id, method: 'PATCH', userId: aUser().id, key: requests[0]!.idempotencyKey });
    // On the device: a reload finds it.
    expect(readOutbox().queue).toEqual([queued]);
  });

  it('puts a change behind the ones waiting (order kept), and a second tap on a waiting completion adds nothing', async () => {
    const { requests } = fakeApi({ 'PATCH /api/actionables/habits/7d1c2d3e-0000-4000-8000-0000000000r1/complete': unreachable });
    const store = signedIn();
    await store.dispatch(actionablesApi.endpoints.completeHabit.initiate(read));
    await store.dispatch(actionablesApi.endpoints.completeHabit.initiate(read));
    const created = await store.dispatch(actionablesApi.endpoints.createActionable.initiate({ title: 'Buy milk' }));
    expect(isQueued(created.error)).toBe(true);
    // Only the first completion was tried: the create waited behind it, the second tap was the same change.
    expect(requests).toHaveLength(1);
    expect(selectMyQueue(store.getState()).map((change) => change.label)).toEqual(['Complete habit “Read”', 'Create to-do “Buy milk”']);
    expect(selectMyQueue(store.getState())[1]).toMatchObject({ method: 'POST', url: '/actionables', body: { title: 'Buy milk' } });
  });

  it('sends the queue oldest first with the keys it was made with; a refusal keeps the server’s words; a server fault stops', async () => {
    const routes: Parameters<typeof fakeApi>[0] = {
      'PATCH /api/actionables/habits/7d1c2d3e-0000-4000-8000-0000000000r1/complete': unreachable,
      'PATCH /api/actionables/7d1c2d3e-0000-4000-8000-0000000000p1/complete': unreachable,
      'POST /api/actionables': unreachable,
    };
    const { requests } = fakeApi(routes);
    const store = signedIn();
    await store.dispatch(actionablesApi.endpoints.completeHabit.initiate(read));
    await store.dispatch(actionablesApi.endpoints.completeActionable.initiate(rent));
    await store.dispatch(actionablesApi.endpoints.createActionable.initiate({ title: 'Buy milk' }));
    const keys = selectMyQueue(store.getState()).map((change) => change.key);
    expect(new Set(keys).size).toBe(3);

    routes['PATCH /api/actionables/habits/7d1c2d3e-0000-4000-8000-0000000000r1/complete'] = () => ({
      status: 409,
      body: { message: 'Habit already completed for this period' },
    });
    routes['PATCH /api/actionables/7d1c2d3e-0000-4000-8000-0000000000p1/complete'] = () => ({ status: 200, body: { actionable: rent, pointsAwarded: 10 } });
    routes['POST /api/actionables'] = () => ({ status: 503, body: { message: 'Service unavailable' } });
    requests.length = 0;
    await sendQueue(store);
    expect(requests.map((request) => [request.method, request.path, request.idempotencyKey, request.authorization])).toEqual([
      ['PATCH', `/api/actionables/habits/${read.id}/complete`, keys[0], 'Bearer tok'],
      ['PATCH', `/api/actionables/${rent.id}/complete`, keys[1], 'Bearer tok'],
      ['POST', '/api/actionables', keys[2], 'Bearer tok'],
    ]);
    expect(requests[2]!.body).toEqual({ title: 'Buy milk' });
    expect(selectMyRefusals(store.getState())).toEqual([
      { key: keys[0], userId: aUser().id, label: 'Complete habit “Read”', message: 'Habit already completed for this period' },
    ]);
    // The create met a server fault: it stays, for the next try, with the same key.
    expect(selectMyQueue(store.getState()).map((change) => change.key)).toEqual([keys[2]]);
    expect(selectOnline(store.getState())).toBe(true);
  });

  it('shows and sends only the signed-in user’s changes', async () => {
    fakeApi({ 'POST /api/actionables': unreachable });
    const store = signedIn();
    await store.dispatch(actionablesApi.endpoints.createActionable.initiate({ title: 'Buy milk' }));
    const other = makeStore({
      auth: { token: 'other', user: aUser({ id: '1f1c2d3e-0000-4000-8000-000000000002' }), error: null, isAdmin: false, sessionExpired: false },
      offline: { ...store.getState().offline, online: true },
    });
    expect(selectMyQueue(other.getState())).toEqual([]);
    const { requests } = fakeApi({});
    await sendQueue(other);
    expect(requests).toEqual([]);
  });
});
