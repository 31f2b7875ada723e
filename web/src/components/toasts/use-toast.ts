import { nanoid } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { selectMyQueue } from '../../lib/offline/offline.slice.ts';
import { QUEUED_TEXT } from '../../lib/offline/queued-change.ts';
import { takeBackChange, type TakeBackStore } from '../../lib/offline/take-back.ts';
import { registerToastAction } from './toast-actions.ts';
import { toastShown, type ToastKind, type ToastRequest } from './toasts.slice.ts';

/** A toast with an action stays this long (and holds while pointed at or focused): long enough to read it and reach the button. */
export const ACTION_TOAST_MS = 8_000;

export interface ToastAction {
  /** The button's text, e.g. 'Undo'. */
  label: string;
  run: () => void;
  /** What happens when the toast ends without the action (its time ran out, it was closed or replaced). */
  end?: () => void;
}

type ShowOptions = Omit<ToastRequest, 'kind' | 'message' | 'action' | 'id'> & { action?: ToastAction };
type Show = (message: string, options?: ShowOptions) => void;

/** `toast.success('Saved')`, `toast.error(message)`, `toast.success('+22 points', { action: { label: 'Undo', run } })` … each dispatches `toastShown`. */
export const useToast = (): Record<ToastKind, Show> => {
  const dispatch = useDispatch();
  const store = useStore() as unknown as TakeBackStore;
  return useMemo(() => {
    /** The change just kept on the device (the newest waiting), taken back by the toast's Undo while it still waits. */
    const undoQueued = (): ToastAction | undefined => {
      const change = selectMyQueue(store.getState()).at(-1);
      if (!change) return undefined;
      return {
        label: 'Undo',
        run: () => {
          const outcome = takeBackChange(store, change.key);
          if (outcome === 'sending') show('info')(`${change.label} is being sent now and can no longer be taken back.`, { title: 'Being sent' });
          else if (outcome === 'gone') show('info')(`${change.label} is no longer waiting on this device.`, { title: 'Nothing to take back' });
        },
      };
    };
    const show =
      (asked: ToastKind): Show =>
      (message, { action: given, ...options } = {}) => {
        // A change kept on the device comes back to the screen as a failed call (lib/offline/queued-change.ts):
        // every screen's error toast for it tells it as what it is, news, not a failure, with an Undo that takes it back.
        const queued = message === QUEUED_TEXT;
        const kind = queued && asked === 'error' ? 'info' : asked;
        if (queued && asked === 'error') options.title ??= 'Waiting for the connection';
        const action = given ?? (queued ? undoQueued() : undefined);
        if (!action) return void dispatch(toastShown({ kind, message, ...options }));
        const id = nanoid();
        registerToastAction(id, action.run, action.end);
        dispatch(toastShown({ kind, message, durationMs: ACTION_TOAST_MS, ...options, id, action: action.label }));
      };
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [dispatch, store]);
};
