import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_DURATION_MS } from '@tracker/contracts/constants';

export const toastKinds = ['success', 'error', 'warning', 'info'] as const;
export type ToastKind = (typeof toastKinds)[number];

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  title?: string;
  /** Milliseconds before it dismisses itself; 0 keeps it until closed. */
  durationMs: number;
  /** The label of its action button ('Undo'); what the button does is kept in toast-actions.ts under the toast's id. */
  action?: string;
  /** What the toast is about ('habit:<id>'): a newer toast with the same key replaces it, so an Undo never outlives what it would undo. */
  key?: string;
}

export interface ToastRequest {
  kind: ToastKind;
  message: string;
  title?: string;
  durationMs?: number;
  action?: string;
  key?: string;
  /** Given when something must be kept under the toast's id (its action); a new one otherwise. */
  id?: string;
}

export interface ToastsState {
  items: Toast[];
}

/** Older errors give way so a burst of them cannot fill the screen. */
const MAX_VISIBLE = 3;

const initialState: ToastsState = { items: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer: (state, { payload }: PayloadAction<Toast>) => {
        if (payload.key !== undefined) state.items = state.items.filter((toast) => toast.key !== payload.key);
        // A burst collapses: news replaces the news before it (completing five habits in a row leaves one
        // toast, the last, with its Undo), so toasts never stack up for seconds. Errors stay until read.
        if (payload.kind !== 'error') state.items = state.items.filter((toast) => toast.kind === 'error');
        state.items.push(payload);
        if (state.items.length > MAX_VISIBLE) state.items.splice(0, state.items.length - MAX_VISIBLE);
      },
      prepare: ({ durationMs = TOAST_DURATION_MS, id = nanoid(), ...request }: ToastRequest) => ({
        payload: { id, durationMs, ...request },
      }),
    },
    toastDismissed: (state, { payload: id }: PayloadAction<string>) => {
      state.items = state.items.filter((toast) => toast.id !== id);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
