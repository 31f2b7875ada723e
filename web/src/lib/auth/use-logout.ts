import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, type NavigateOptions } from 'react-router-dom';
import { api } from '../api/api.ts';
import { loggedOut } from './auth.slice.ts';

/**
 * Goes to /login (or `to`, e.g. /login?redirect=<page> after an expired session), then clears token,
 * user and error and drops cached server data (spec.md §4).
 * The order matters: router updates run in a transition while store updates render at once, so
 * clearing first would let RequireAuth, still on the old page, redirect on its own.
 * flushSync commits the login page before the token goes.
 */
export const logOut = async (
  navigate: (to: string, options: NavigateOptions) => Promise<void> | void,
  dispatch: (action: UnknownAction) => unknown,
  to = '/login',
): Promise<void> => {
  await navigate(to, { replace: true, flushSync: true });
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
};

export const useLogout = (): ((to?: string) => Promise<void>) => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback((to?: string) => logOut(navigate, dispatch, to), [dispatch, navigate]);
};
