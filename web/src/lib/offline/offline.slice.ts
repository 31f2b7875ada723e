import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readOutbox } from './outbox-storage.ts';
import type { QueuedChange, RefusedChange } from './queued-change.ts';

export interface OfflineState {
  /** Whether the server can be reached, as far as the app knows: the browser's word and the last request's. */
  online: boolean;
  /** Changes made while the server could not be reached, oldest first, every user's on this device. */
  queue: QueuedChange[];
  /** Queued changes the server refused when they were sent, until the user has read them. */
  refused: RefusedChange[];
  /** A send of the queue is under way. */
  sending: boolean;
  /** When the oldest answer on screen that came from the device (answers-on-device.ts) was fetched, in ms; null when none did. */
  restoredFrom: number | null;
}

export const initialOfflineState = (): OfflineState => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  ...readOutbox(),
  sending: false,
  restoredFrom: null,
});

export const offlineSlice = createSlice({
  name: 'offline',
  initialState: initialOfflineState,
  reducers: {
    connectionLost: (state) => {
      state.online = false;
    },
    connectionRestored: (state) => {
      state.online = true;
      state.restoredFrom = null;
    },
    answersRestored: (state, { payload: fetchedAt }: PayloadAction<number>) => {
      state.restoredFrom = Math.min(fetchedAt, state.restoredFrom ?? fetchedAt);
    },
    changeQueued: (state, { payload }: PayloadAction<QueuedChange>) => {
      if (!state.queue.some((change) => change.key === payload.key)) state.queue.push(payload);
    },
    sendingStarted: (state) => {
      state.sending = true;
    },
    sendingStopped: (state) => {
      state.sending = false;
    },
    changeSent: (state, { payload: key }: PayloadAction<string>) => {
      state.queue = state.queue.filter((change) => change.key !== key);
    },
    changeRefused: (state, { payload }: PayloadAction<RefusedChange>) => {
      state.queue = state.queue.filter((change) => change.key !== payload.key);
      state.refused.push(payload);
    },
    refusalDismissed: (state, { payload: key }: PayloadAction<string>) => {
      state.refused = state.refused.filter((refusal) => refusal.key !== key);
    },
  },
});

export const {
  connectionLost,
  connectionRestored,
  answersRestored,
  changeQueued,
  sendingStarted,
  sendingStopped,
  changeSent,
  changeRefused,
  refusalDismissed,
} = offlineSlice.actions;

interface StateWithOffline {
  offline: OfflineState;
  auth: { user: { id: string } | null };
}

export const selectOnline = (state: StateWithOffline) => state.offline.online;
export const selectSending = (state: StateWithOffline) => state.offline.sending;
export const selectRestoredFrom = (state: StateWithOffline) => state.offline.restoredFrom;
/** The signed-in user's waiting changes, oldest first; another user's on this device are never shown or sent. */
export const selectMyQueue = createSelector(
  [(state: StateWithOffline) => state.offline.queue, (state: StateWithOffline) => state.auth.user?.id],
  (queue, userId): QueuedChange[] => (userId ? queue.filter((change) => change.userId === userId) : []),
);
export const selectMyRefusals = createSelector(
  [(state: StateWithOffline) => state.offline.refused, (state: StateWithOffline) => state.auth.user?.id],
  (refused, userId): RefusedChange[] => (userId ? refused.filter((refusal) => refusal.userId === userId) : []),
);
/** Whether a completion of this item waits in the queue (its row shows it waiting instead of a Complete button). */
export const selectWaiting = (state: StateWithOffline, itemId: string): boolean => selectMyQueue(state).some((change) => change.itemId === itemId);
