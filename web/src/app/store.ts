import { combineReducers, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { PERSIST_TIMEOUT_MS } from '@tracker/contracts/constants';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE, type Storage } from 'redux-persist';
import { endToastsThatLeave } from '../components/toasts/toast-actions.ts';
import { toastsSlice } from '../components/toasts/toasts.slice.ts';
import { goalsSlice, type GoalsState } from '../features/goals/stores/goals.slice.ts';
import { api } from '../lib/api/api.ts';
import { authSlice, type AuthState } from '../lib/auth/auth.slice.ts';
import { mirrorTokenToStorage } from '../lib/auth/token-storage.ts';
import { offlineSlice } from '../lib/offline/offline.slice.ts';
import { keepOutboxOnDevice } from '../lib/offline/outbox-storage.ts';
import { localStorageEngine } from '../lib/persist/local-storage-engine.ts';
import { AUTH_PERSIST_VERSION, GOALS_PERSIST_VERSION, migrateAuth, migrateGoals, persistedAuthKeys } from '../lib/persist/persisted-slices.ts';

/**
 * Persisted (spec.md §4): of auth only token and user; the goal tree's selections, expansions and
 * filters. Each slice is versioned and validated on load (lib/persist/persisted-slices.ts): what does
 * not fit is dropped and the slice keeps its initial value, so no stored value can break the app.
 * No separate settings copy: settings are server data (RTK Query, lib/settings), and what a screen
 * needs before their answer is already kept on the device: the theme (lib/settings/theme.ts, applied
 * before the first paint) and the time zone (the persisted user's). Week start and status order only
 * arrange server data that is not persisted either and is fetched alongside them; a stale copy would
 * instead risk showing another device's older choices. persistReducer adds a `_persist` key nobody
 * reads; the casts keep it out of RootState so tests can preload plain slice states.
 */
const rootReducerWith = (storage: Storage) =>
  combineReducers({
    [authSlice.reducerPath]: persistReducer(
      {
        key: 'auth',
        storage,
        version: AUTH_PERSIST_VERSION,
        migrate: migrateAuth,
        whitelist: persistedAuthKeys,
        timeout: PERSIST_TIMEOUT_MS,
      },
      authSlice.reducer,
    ) as unknown as Reducer<AuthState, UnknownAction, Partial<AuthState>>,
    [toastsSlice.reducerPath]: toastsSlice.reducer,
    [goalsSlice.reducerPath]: persistReducer(
      { key: 'goals', storage, version: GOALS_PERSIST_VERSION, migrate: migrateGoals, timeout: PERSIST_TIMEOUT_MS },
      goalsSlice.reducer,
    ) as unknown as Reducer<GoalsState, UnknownAction, Partial<GoalsState>>,
    // The queue of changes made offline is kept by its own storage (lib/offline/outbox-storage.ts), not redux-persist: no load timeout, no version to lose it by.
    [offlineSlice.reducerPath]: offlineSlice.reducer,
    [api.reducerPath]: api.reducer,
  });

type RootReducer = ReturnType<typeof rootReducerWith>;
export type RootState = ReturnType<RootReducer>;
export type PreloadedState = Parameters<RootReducer>[0];

export interface StoreOptions {
  /** Where persisted state lives; tests pass one that never answers, to see the load time out. */
  storage?: Storage;
}

export const makeStore = (preloadedState?: PreloadedState, { storage = localStorageEngine }: StoreOptions = {}) => {
  const store = configureStore({
    reducer: rootReducerWith(storage),
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  mirrorTokenToStorage(store);
  keepOutboxOnDevice(store);
  endToastsThatLeave(store);
  return store;
};

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
