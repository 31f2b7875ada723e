import { combineReducers, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { PERSIST_TIMEOUT_MS } from '@tracker/contracts/constants';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { toastsSlice } from '../components/toasts/toasts.slice.ts';
import { goalsSlice, type GoalsState } from '../features/goals/stores/goals.slice.ts';
import { api } from '../lib/api/api.ts';
import { authSlice, type AuthState } from '../lib/auth/auth.slice.ts';
import { mirrorTokenToStorage } from '../lib/auth/token-storage.ts';
import { localStorageEngine } from '../lib/persist/local-storage-engine.ts';

/**
 * Persisted (spec.md §4): of auth only token and user, since an error or the admin flag must not survive
 * a reload; the goal tree's selections, expansions and filters whole. persistReducer adds a `_persist`
 * key nobody reads; the casts keep it out of RootState so tests can preload plain slice states.
 */
const persistedAuthReducer = persistReducer(
  { key: 'auth', storage: localStorageEngine, whitelist: ['token', 'user'], timeout: PERSIST_TIMEOUT_MS },
  authSlice.reducer,
) as unknown as Reducer<AuthState, UnknownAction, Partial<AuthState>>;

const persistedGoalsReducer = persistReducer(
  { key: 'goals', storage: localStorageEngine, timeout: PERSIST_TIMEOUT_MS },
  goalsSlice.reducer,
) as unknown as Reducer<GoalsState, UnknownAction, Partial<GoalsState>>;

const rootReducer = combineReducers({
  [authSlice.reducerPath]: persistedAuthReducer,
  [toastsSlice.reducerPath]: toastsSlice.reducer,
  [goalsSlice.reducerPath]: persistedGoalsReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
export type PreloadedState = Parameters<typeof rootReducer>[0];

export const makeStore = (preloadedState?: PreloadedState) => {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  mirrorTokenToStorage(store);
  return store;
};

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
