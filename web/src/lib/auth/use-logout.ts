import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, type NavigateOptions } from 'react-router-dom';
import { api } from '../api/api.ts';
import { loggedOut } from './auth.slice.ts';

/**
 * Goes to /login (or `to`, e.g. /login?redirect=<page> after an expired session), clears token, user
 * and error and drops cached server data (spec.md §4). The login page may not be loaded yet (routes
 * are code-split): while its chunk arrives the signed-in page stays on screen and, once the token is
 * gone, its guard sends the user to the same `to` the logout named (auth.slice.ts `signedOutTo`),
 * never to a login that would bring them back here.
 */
export const logOut = async (
  navigate: (to: string, options: NavigateOptions) => Promise<void> | void,
  dispatch: (action: UnknownAction) => unknown,
  to = '/login',
): Promise<void> => {
  const navigated = navigate(to, { replace: true, flushSync: true });
  dispatch(loggedOut({ to }));
  dispatch(api.util.resetApiState());
  await navigated;
};

export const useLogout = (): ((to?: string) => Promise<void>) => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback((to?: string) => logOut(navigate, dispatch, to), [dispatch, navigate]);
};
