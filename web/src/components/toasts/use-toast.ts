import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { toastShown, type ToastKind, type ToastRequest } from './toasts.slice.ts';

type Show = (message: string, options?: Omit<ToastRequest, 'kind' | 'message'>) => void;

/** `toast.success('Saved')`, `toast.error(message)` … each dispatches `toastShown`. */
export const useToast = (): Record<ToastKind, Show> => {
  const dispatch = useDispatch();
  return useMemo(() => {
    const show =
      (kind: ToastKind): Show =>
      (message, options) =>
        dispatch(toastShown({ kind, message, ...options }));
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [dispatch]);
};
