import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { toastDismissed, toastShown } from '../../components/toasts/toasts.slice.ts';
import { registerToastAction, runToastAction } from '../../components/toasts/toast-actions.ts';
import { actionablesApi } from '../../features/actionables/api/actionables.api.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { anActionable, aUser } from '../../testing/fixtures.ts';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { deletedTitle, heldDelete } from './deferred-delete.ts';
import { deleteHeld, deleteUndone, selectDeletedIds, selectMyQueue, selectOnline } from './offline.slice.ts';
import { readOutbox } from './outbox-storage.ts';
import { sendHeldChange, sendQueue } from './outbox-sender.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false, sessionExpired: false } });
const milk = anActionable({ id: '7d1c2d3e-0000-4000-8000-0000000000m1', title: 'Buy milk' });
const rent = anActionable({ id: '7d1c2d3e-0000-4000-8000-0000000000p1', title: 'Pay rent' });
const milkDelete = (key = 'key-1') =>
  heldDelete(
    { url: `/actionables/${milk.id}`, itemId: milk.id, title: milk.title, label: 'Delete to-do “Buy milk”', note: '' },
    aUser().id,
    key,
    new Date('2026-11-27T07:00:00Z'),
  );
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a delete with an Undo (issue 19)', () => {
  it('is said in words for people', () => {
    expect(deletedTitle('Buy milk')).toBe('Deleted “Buy milk”');
  });

  it('given a delete held for its Undo: the item leaves the lists, nothing is sent, the banner lists nothing, and it is on the device', () => {
    memoryStorage();
    const { requests } = fakeApi({});
    const store = signedIn();

    store.dispatch(deleteHeld(milkDelete()));

    expect(selectDeletedIds(store.getState()).has(milk.id)).toBe(true);
    expect(selectMyQueue(store.getState())).toEqual([]);
    expect(requests).toEqual([]);
    expect(readOutbox().queue).toEqual([milkDelete()]);
  });

  it('given a delete held, when a completion is made meanwhile, then it goes to the server at once (it does not queue behind the delete)', async () => {
    const { requests } = fakeApi({ [`PATCH /api/actionables/${rent.id}/complete`]: () => ({ status: 200, body: { actionable: rent, pointsAwarded: 10 } }) });
    const store = signedIn();
    store.dispatch(deleteHeld(milkDelete()));

    await store.dispatch(actionablesApi.endpoints.completeActionable.initiate(rent));

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`PATCH /api/actionables/${rent.id}/complete`]);
  });

  it('when undone, then it leaves the device unsent and the item is back', async () => {
    memoryStorage();
    const { requests } = fakeApi({});
    const store = signedIn();
    store.dispatch(deleteHeld(milkDelete()));

    store.dispatch(deleteUndone('key-1'));
    await sendHeldChange(store, 'key-1');
    await sendQueue(store);

    expect(selectDeletedIds(store.getState()).has(milk.id)).toBe(false);
    expect(store.getState().offline.queue).toEqual([]);
    expect(readOutbox().queue).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('when its toast ends, then the DELETE goes once with its key, and the item stays out of the lists', async () => {
    const { requests } = fakeApi({ [`DELETE /api/actionables/${milk.id}`]: () => ({ status: 204 }) });
    const store = signedIn();
    store.dispatch(deleteHeld(milkDelete()));

    await sendHeldChange(store, 'key-1');
    await sendHeldChange(store, 'key-1');

    expect(requests.map((request) => [request.method, request.path, request.idempotencyKey])).toEqual([['DELETE', `/api/actionables/${milk.id}`, 'key-1']]);
    expect(store.getState().offline.queue).toEqual([]);
    expect(selectDeletedIds(store.getState()).has(milk.id)).toBe(true);
  });

  it('when the server says the item is not there (deleted already), then it is done, not refused', async () => {
    fakeApi({ [`DELETE /api/actionables/${milk.id}`]: () => ({ status: 404, body: { message: 'Actionable not found' } }) });
    const store = signedIn();
    store.dispatch(deleteHeld(milkDelete()));

    await sendHeldChange(store, 'key-1');

    expect(store.getState().offline.queue).toEqual([]);
    expect(store.getState().offline.refused).toEqual([]);
  });

  it('when its toast ends offline, then it waits in the queue like any change, listed by the banner', async () => {
    fakeApi({ [`DELETE /api/actionables/${milk.id}`]: unreachable });
    const store = signedIn();
    store.dispatch(deleteHeld(milkDelete()));

    await sendHeldChange(store, 'key-1');

    expect(selectOnline(store.getState())).toBe(false);
    expect(selectMyQueue(store.getState()).map((change) => change.label)).toEqual(['Delete to-do “Buy milk”']);
    expect(selectDeletedIds(store.getState()).has(milk.id)).toBe(true);
  });

  it('given the page reloaded while the toast showed, then at the start it is a waiting change, sent with the key it was made with', async () => {
    memoryStorage();
    signedIn().dispatch(deleteHeld(milkDelete()));
    const { requests } = fakeApi({ [`DELETE /api/actionables/${milk.id}`]: () => ({ status: 204 }) });

    const reloaded = signedIn();
    expect(selectMyQueue(reloaded.getState()).map((change) => change.key)).toEqual(['key-1']);
    await sendQueue(reloaded);

    expect(requests.map((request) => [request.method, request.path, request.idempotencyKey])).toEqual([['DELETE', `/api/actionables/${milk.id}`, 'key-1']]);
    expect(readOutbox().queue).toEqual([]);
  });
});

describe('a toast’s end', () => {
  it('runs once when the toast leaves, however it leaves (its time, closed, replaced by news)', () => {
    const store = makeStore();
    const ends: string[] = [];
    for (const id of ['timed', 'replaced']) {
      registerToastAction(
        id,
        () => undefined,
        () => ends.push(id),
      );
    }
    store.dispatch(toastShown({ kind: 'info', message: 'Deleted', action: 'Undo', id: 'timed' }));
    store.dispatch(toastDismissed('timed'));
    store.dispatch(toastDismissed('timed'));
    store.dispatch(toastShown({ kind: 'info', message: 'Deleted', action: 'Undo', id: 'replaced' }));
    store.dispatch(toastShown({ kind: 'success', message: 'Saved' }));

    expect(ends).toEqual(['timed', 'replaced']);
  });

  it('does not run when its action (Undo) ran', () => {
    const store = makeStore();
    const end = vi.fn();
    const undo = vi.fn();
    registerToastAction('undone', undo, end);
    store.dispatch(toastShown({ kind: 'info', message: 'Deleted', action: 'Undo', id: 'undone' }));

    runToastAction('undone');
    store.dispatch(toastDismissed('undone'));

    expect(undo).toHaveBeenCalledOnce();
    expect(end).not.toHaveBeenCalled();
  });
});
