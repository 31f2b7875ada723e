import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { runToastAction } from '../../components/toasts/toast-actions.ts';
import { useToast } from '../../components/toasts/use-toast.ts';
import { actionablesApi } from '../../features/actionables/api/actionables.api.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { anActionable, aUser } from '../../testing/fixtures.ts';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { heldDelete } from './deferred-delete.ts';
import { changeQueued, deleteHeld, holdEnded, selectDeletedIds, selectMyQueue, selectWaiting, sendingStarted } from './offline.slice.ts';
import { readOutbox } from './outbox-storage.ts';
import { sendQueue } from './outbox-sender.ts';
import { QUEUED_TEXT } from './queued-change.ts';
import { takeBackChange } from './take-back.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false, sessionExpired: false } });
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};
const meditate = anActionable({ id: '7d1c2d3e-0000-4000-8000-0000000000d1', title: 'Meditate', isHabit: true });
const rent = anActionable({ id: '7d1c2d3e-0000-4000-8000-0000000000p1', title: 'Pay rent' });
const routes = () => ({
  [`PATCH /api/actionables/habits/${meditate.id}/complete`]: unreachable,
  [`PATCH /api/actionables/${rent.id}/complete`]: unreachable,
  'POST /api/actionables': unreachable,
});

/** Offline: a habit completed by mistake, a to-do completed, a to-do created; all three wait on the device. */
const threeWaiting = async () => {
  const api = fakeApi(routes());
  const store = signedIn();
  await store.dispatch(actionablesApi.endpoints.completeHabit.initiate(meditate));
  await store.dispatch(actionablesApi.endpoints.completeActionable.initiate(rent));
  await store.dispatch(actionablesApi.endpoints.createActionable.initiate({ title: 'Buy milk' }));
  const keys = selectMyQueue(store.getState()).map((change) => change.key);
  return { store, keys, api };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('taking back a change that waits to be sent (issue 19)', () => {
  it('given three changes waiting, when the habit’s completion is taken back, then it leaves the device and the card offers Complete again', async () => {
    memoryStorage();
    const { store, keys } = await threeWaiting();

    expect(takeBackChange(store, keys[0]!)).toBe('taken');

    expect(selectMyQueue(store.getState()).map((change) => change.label)).toEqual(['Complete “Pay rent”', 'Create to-do “Buy milk”']);
    expect(selectWaiting(store.getState(), meditate.id)).toBe(false);
    // A reload finds the other two only.
    expect(readOutbox().queue.map((change) => change.key)).toEqual([keys[1], keys[2]]);
    expect(selectMyQueue(signedIn().getState()).map((change) => change.key)).toEqual([keys[1], keys[2]]);
  });

  it('given a change taken back, when the connection returns, then only the others are sent, each once', async () => {
    const { store, keys, api } = await threeWaiting();
    takeBackChange(store, keys[1]!);
    const { requests } = fakeApi({
      [`PATCH /api/actionables/habits/${meditate.id}/complete`]: () => ({ status: 200, body: { habit: meditate, pointsAwarded: 10, streak: 1 } }),
      [`PATCH /api/actionables/${rent.id}/complete`]: () => ({ status: 200, body: { actionable: rent, pointsAwarded: 10 } }),
      'POST /api/actionables': () => ({ status: 201, body: { actionable: rent } }),
    });
    expect(api.requests).toHaveLength(1);

    await sendQueue(store);

    expect(requests.map((request) => [request.method, request.path, request.idempotencyKey])).toEqual([
      ['PATCH', `/api/actionables/habits/${meditate.id}/complete`, keys[0]],
      ['POST', '/api/actionables', keys[2]],
    ]);
    expect(selectMyQueue(store.getState())).toEqual([]);
  });

  it('given a send under way, when a change is taken back, then it stays (it may be the one on the wire) and the person is told', async () => {
    const { store, keys } = await threeWaiting();
    store.dispatch(sendingStarted());

    expect(takeBackChange(store, keys[0]!)).toBe('sending');

    expect(selectMyQueue(store.getState()).map((change) => change.key)).toEqual(keys);
  });

  it('given a delete held for its own toast’s Undo, then it cannot be taken back here; once the hold ended it can, and the item shows again', () => {
    const store = signedIn();
    const milk = anActionable({ id: '7d1c2d3e-0000-4000-8000-0000000000m1', title: 'Buy milk' });
    const request = { url: `/actionables/${milk.id}`, itemId: milk.id, title: milk.title, label: 'Delete to-do “Buy milk”', note: '' };
    store.dispatch(deleteHeld(heldDelete(request, aUser().id, 'key-1', new Date('2026-11-27T07:00:00Z'))));

    expect(takeBackChange(store, 'key-1')).toBe('gone');
    expect(selectDeletedIds(store.getState()).has(milk.id)).toBe(true);

    store.dispatch(holdEnded('key-1'));
    expect(takeBackChange(store, 'key-1')).toBe('taken');

    expect(selectDeletedIds(store.getState()).has(milk.id)).toBe(false);
    expect(store.getState().offline.queue).toEqual([]);
  });

  it('given another user’s change on this device, then it is not this user’s to take back from a toast', () => {
    const store = signedIn();
    store.dispatch(changeQueued({ key: 'theirs', userId: 'someone-else', url: '/actionables', method: 'POST', label: 'Create to-do “Theirs”', queuedAt: '' }));
    const Probe = () => {
      useToast().error(QUEUED_TEXT);
      return null;
    };
    renderToStaticMarkup(createElement(Provider, { store, children: createElement(Probe) }));

    expect(store.getState().toasts.items[0]).not.toHaveProperty('action');
  });

  it('when a change goes into the queue, then its “Waiting for the connection” toast carries an Undo that takes it back', async () => {
    const { store, keys } = await threeWaiting();
    const Probe = () => {
      useToast().error(QUEUED_TEXT);
      return null;
    };

    renderToStaticMarkup(createElement(Provider, { store, children: createElement(Probe) }));
    const [toast] = store.getState().toasts.items;
    expect(toast).toMatchObject({ kind: 'info', title: 'Waiting for the connection', action: 'Undo' });
    runToastAction(toast!.id);

    // The newest change (the one the toast is about) is gone, the others wait.
    expect(selectMyQueue(store.getState()).map((change) => change.key)).toEqual([keys[0], keys[1]]);
  });
});
