import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/api.ts';
import { loggedOut } from './auth.slice.ts';

/**
 * Goes to /login, then clears token, user and error and drops cached server data (spec.md §4).
 * The order matters: router updates run in a transition while store updates render at once, so
 * clearing first would let RequireAuth, still on the old page, redirect to /login?redirect=<page>.
 * flushSync commits /login before the token goes.
 */
export const useLogout = (): (() => Promise<void>) => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate('/login', { replace: true, flushSync: true });
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, navigate]);
};
