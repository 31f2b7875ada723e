import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@tracker/contracts/users/http';
import { errorMessage } from '../api/api-errors.ts';
import { authApi } from '../api/auth.api.ts';
import { sessionExpired } from './session-events.ts';
import { readStoredToken } from './token-storage.ts';

export interface AuthState {
  token: string | null;
  user: User | null;
  error: string | null;
  /** spec.md §4: held in state but never set. */
  isAdmin: boolean;
  /**
   * The server refused the token. spec.md §4 keeps the user signed in (no redirect), so the screen
   * offers to sign in again instead; not persisted, a reload asks the server afresh.
   */
  sessionExpired: boolean;
  /**
   * Where a deliberate logout goes (/login, or /login?redirect=<page> after an expired session). The
   * signed-in page may still be on screen when the token goes (the next page's chunk is loading), and
   * its guard must send the user there, not to a login that would bring them back. Not persisted.
   */
  signedOutTo?: string | null;
}

export const initialAuthState = (): AuthState => ({ token: readStoredToken(), user: null, error: null, isAdmin: false, sessionExpired: false });

const { login, register, getMe, updateMe } = authApi.endpoints;

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Logout clears token, user and error (spec.md §4) and goes to /login (or `to`). */
    loggedOut: (state, { payload }: PayloadAction<{ to?: string } | undefined>) => {
      state.token = null;
      state.user = null;
      state.error = null;
      state.sessionExpired = false;
      state.signedOutTo = payload?.to ?? '/login';
    },
    authErrorDismissed: (state) => {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state) => {
        if (state.token) state.sessionExpired = true;
      })
      .addMatcher(isAnyOf(login.matchPending, register.matchPending), (state) => {
        state.error = null;
      })
      .addMatcher(isAnyOf(login.matchFulfilled, register.matchFulfilled), (state, { payload }) => {
        state.token = payload.token;
        state.user = payload.user;
        state.error = null;
        state.sessionExpired = false;
        state.signedOutTo = null;
      })
      .addMatcher(isAnyOf(getMe.matchFulfilled, updateMe.matchFulfilled), (state, { payload }) => {
        // A late answer after logout must not bring the user back.
        if (state.token) state.user = payload.user;
      })
      .addMatcher(updateMe.matchFulfilled, (state, { payload }) => {
        // A password change ends earlier sessions; the answer carries this session's new token.
        if (state.token && payload.token) {
          state.token = payload.token;
          state.sessionExpired = false;
        }
      })
      .addMatcher(login.matchRejected, (state, { payload }) => {
        state.error = errorMessage(payload, 'Login failed');
      })
      .addMatcher(register.matchRejected, (state, { payload }) => {
        state.error = errorMessage(payload, 'Registration failed');
      })
      .addMatcher(getMe.matchRejected, (state, { payload, meta }) => {
        // A condition rejection only means the profile was already cached or in flight.
        if (meta.condition || meta.aborted || !state.token) return;
        state.error = errorMessage(payload, 'Failed to get profile');
      })
      .addMatcher(updateMe.matchRejected, (state, { payload }) => {
        state.error = errorMessage(payload, 'Failed to update profile');
      });
  },
  selectors: {
    selectToken: (state) => state.token,
    selectCurrentUser: (state) => state.user,
    selectIsAuthenticated: (state) => state.token !== null && state.token !== '',
    selectAuthError: (state) => state.error,
    selectIsAdmin: (state) => state.isAdmin,
    selectSessionExpired: (state) => state.sessionExpired === true,
    selectSignedOutTo: (state) => state.signedOutTo ?? null,
  },
});

export const { loggedOut, authErrorDismissed } = authSlice.actions;
export const { selectToken, selectCurrentUser, selectIsAuthenticated, selectAuthError, selectIsAdmin, selectSessionExpired, selectSignedOutTo } =
  authSlice.selectors;
