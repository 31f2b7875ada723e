import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistStore } from 'redux-persist';
import { makeStore } from '../../app/store.ts';
import { initialGoalsState } from '../../features/goals/stores/goals.slice.ts';
import { aUser } from '../../testing/fixtures.ts';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { restoreAuth } from './persisted-auth.ts';
import { restoreGoals } from './persisted-goals.ts';
import { AUTH_PERSIST_VERSION, GOALS_PERSIST_VERSION } from './persisted-slices.ts';
import { validatedMigrate } from './validated-migrate.ts';

afterEach(() => vi.unstubAllGlobals());

/** A slice as redux-persist writes it: each field JSON-encoded, then the whole object. */
const written = (slice: Record<string, unknown>, version = 1): string =>
  JSON.stringify(Object.fromEntries(Object.entries({ ...slice, _persist: { version, rehydrated: true } }).map(([key, value]) => [key, JSON.stringify(value)])));

/** Loads persisted state from the given localStorage the way the app does on start. */
const loadFrom = async (items: Record<string, string>) => {
  const storage = memoryStorage(items);
  const store = makeStore();
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    const done = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(done);
    done();
  });
  const { auth, goals } = store.getState();
  return { state: { auth: withoutMeta(auth), goals: withoutMeta(goals) }, storage };
};

/** The slice without redux-persist's `_persist` bookkeeping. */
const withoutMeta = <S extends object>(slice: S): S => {
  const { _persist, ...rest } = slice as S & { _persist?: unknown };
  return rest as S;
};

const signedOut = { token: null, user: null, error: null, isAdmin: false, sessionExpired: false };
const huge = 'x'.repeat(1_000_000);
const nested = { a: { b: { c: [{ d: 'e' }] } } };

describe('persisted state is validated on load: what does not fit is dropped', () => {
  /** Raw values of a persisted key, each of which must load as the initial state. */
  const hostile: [string, string][] = [
    ['junk JSON', '{not json'],
    ['null', 'null'],
    ['a string', '"token"'],
    ['a number', '42'],
    ['an array', '["tok"]'],
    ['fields that are not JSON', '{"token":"tok","user":"{"}'],
    ['fields that are objects, not encoded', JSON.stringify({ token: { a: 1 }, user: nested })],
    ['a nested object for every field', written({ token: nested, user: nested, expandedGoalIds: nested, statusFilter: nested })],
    ['wrong types', written({ token: 42, user: 'Ada', selectedGoalId: 7, expandedGoalIds: 'g1', statusFilter: 'pending', priorityFilter: [9, 'x'] })],
    ['huge strings', written({ token: huge, user: { ...aUser(), id: huge }, selectedGoalId: huge, expandedGoalIds: [huge] })],
    ['a token that cannot be sent in a header', written({ token: 'tok\nX-Evil: 1' })],
    ['a user missing fields', written({ user: { name: 'Ada' } })],
    ['a future version', written({ token: 'tok', user: aUser(), expandedGoalIds: ['g1'] }, 99)],
    ['a forged admin flag and a stale error', written({ isAdmin: true, error: 'boom', sessionExpired: true })],
    ['a __proto__ key', '{"__proto__":"{\\"token\\":\\"x\\"}","constructor":"1"}'],
  ];

  it.each(hostile)('no stored value can break loading: %s loads as the initial state', async (_, raw) => {
    const { state } = await loadFrom({ 'persist:auth': raw, 'persist:goals': raw });
    expect(state.auth).toEqual(signedOut);
    expect(state.goals).toEqual(initialGoalsState());
  });

  it('keeps what fits: token, user and the goal tree as they were stored', async () => {
    const user = aUser();
    const tree = {
      ...initialGoalsState(),
      selectedGoalId: 'g1',
      selectedTaskId: 't1',
      expandedGoalIds: ['g1'],
      statusFilter: ['completed'],
      priorityFilter: [1, 2],
    };
    const { state } = await loadFrom({ 'persist:auth': written({ token: 'tok', user }), 'persist:goals': written(tree) });
    expect(state.auth).toEqual({ ...signedOut, token: 'tok', user });
    expect(state.goals).toEqual(tree);
  });

  it('migrates state stored before versions existed instead of dropping it, so nobody is signed out by the upgrade', async () => {
    const user = aUser();
    const unversioned = JSON.stringify({ token: '"tok"', user: JSON.stringify(user), _persist: '{"version":-1,"rehydrated":true}' });
    const { state, storage } = await loadFrom({ 'persist:auth': unversioned });
    expect(state.auth).toMatchObject({ token: 'tok', user });
    expect(storage.items.get('token')).toBe('tok');
  });

  it('keeps the fields that fit when others do not', () => {
    expect(restoreAuth({ token: 'tok', user: { name: 'Ada' } })).toEqual({ token: 'tok' });
    expect(
      restoreGoals({
        expandedGoalIds: ['g1', 'g1', 'g2'],
        expandedTaskIds: [1],
        statusFilter: ['completed', 'pending', 'completed'],
        priorityFilter: [5, 9, 1],
      }),
    ).toEqual({
      expandedGoalIds: ['g1', 'g2'],
      statusFilter: ['pending', 'completed'],
      priorityFilter: [1, 5],
    });
  });

  it('restores a selection only whole: a task with its goal, a subtask with both', () => {
    const none = { selectedGoalId: null, selectedTaskId: null, selectedSubtaskId: null };
    expect(restoreGoals({ ...none, selectedTaskId: 't1' })).toEqual({});
    expect(restoreGoals({ selectedGoalId: 'g1' })).toEqual({});
    expect(restoreGoals({ selectedGoalId: 'g1', selectedTaskId: 't1', selectedSubtaskId: 's1' })).toEqual({
      selectedGoalId: 'g1',
      selectedTaskId: 't1',
      selectedSubtaskId: 's1',
    });
  });

  it('drops state written by a newer version and stamps what it keeps with the current one', async () => {
    const migrate = validatedMigrate(() => Promise.resolve(restoreAuth));
    await expect(
      migrate({ token: 'tok', _persist: { version: AUTH_PERSIST_VERSION + 1, rehydrated: true } } as never, AUTH_PERSIST_VERSION),
    ).resolves.toBeUndefined();
    await expect(migrate(undefined, AUTH_PERSIST_VERSION)).resolves.toBeUndefined();
    await expect(migrate({ token: 'tok', _persist: { version: 1, rehydrated: true } } as never, AUTH_PERSIST_VERSION)).resolves.toEqual({
      token: 'tok',
      _persist: { version: AUTH_PERSIST_VERSION, rehydrated: false },
    });
    expect(GOALS_PERSIST_VERSION).toBeGreaterThan(-1);
  });

  it('loads nothing, without failing, when storage itself throws', async () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const store = makeStore();
    const persistor = persistStore(store);
    await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(withoutMeta(store.getState().auth)).toEqual(signedOut);
  });
});
