import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/api.ts';
import { loggedOut } from './auth.slice.ts';

/** Clears token, user and error, drops cached server data and goes to /login (spec.md §4). */
export const useLogout = (): (() => void) => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    void navigate('/login', { replace: true });
  }, [dispatch, navigate]);
};
