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
  /**
   * Keys of queued deletes held while their toast offers Undo (deferred-delete.ts): neither sent nor
   * shown as waiting. Kept in memory only: after a reload the toast is gone, so they go at the start.
   */
  held: string[];
  /** Items whose delete the server took on this visit: still hidden until every list has been read again without them. */
  gone: string[];
}

export const initialOfflineState = (): OfflineState => ({
  // Online unless the browser says otherwise: Node 21+ has a `navigator` without `onLine` (tests, Node 24).
  online: globalThis.navigator?.onLine !== false,
  ...readOutbox(),
  sending: false,
  restoredFrom: null,
  held: [],
  gone: [],
});

const isDelete = (change: QueuedChange): boolean => change.method.toUpperCase() === 'DELETE';

/** The change leaves the queue (sent or refused); a delete the server took keeps its item hidden. */
const leaveQueue = (state: OfflineState, key: string, took: boolean) => {
  const change = state.queue.find((queued) => queued.key === key);
  state.queue = state.queue.filter((queued) => queued.key !== key);
  state.held = state.held.filter((heldKey) => heldKey !== key);
  if (took && change?.itemId && isDelete(change) && !state.gone.includes(change.itemId)) state.gone.push(change.itemId);
};

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
      leaveQueue(state, key, true);
    },
    changeRefused: (state, { payload }: PayloadAction<RefusedChange>) => {
      leaveQueue(state, payload.key, false);
      state.refused.push(payload);
    },
    /** A delete kept on the device at once, held (not sent, not shown as waiting) while its toast offers Undo. */
    deleteHeld: (state, { payload }: PayloadAction<QueuedChange>) => {
      if (state.queue.some((change) => change.key === payload.key)) return;
      state.queue.push(payload);
      state.held.push(payload.key);
    },
    /** Undo: the held delete leaves the device unsent, its item shows again where it was. */
    deleteUndone: (state, { payload: key }: PayloadAction<string>) => {
      if (!state.held.includes(key)) return;
      leaveQueue(state, key, false);
    },
    /** The undo time is over but the delete could not go now: it waits in the queue like any change. */
    holdEnded: (state, { payload: key }: PayloadAction<string>) => {
      state.held = state.held.filter((heldKey) => heldKey !== key);
    },
    /**
     * The person takes a waiting change back before it is sent: it leaves the device unsent. Not while a
     * send is under way (it may be the one on the wire), nor a held delete (its own toast's Undo is that).
     */
    changeTakenBack: (state, { payload: key }: PayloadAction<string>) => {
      if (state.sending || state.held.includes(key)) return;
      leaveQueue(state, key, false);
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
  deleteHeld,
  deleteUndone,
  holdEnded,
  changeTakenBack,
} = offlineSlice.actions;

interface StateWithOffline {
  offline: Pick<OfflineState, 'online' | 'queue' | 'refused' | 'sending' | 'restoredFrom'> & Partial<Pick<OfflineState, 'held' | 'gone'>>;
  auth: { user: { id: string } | null };
}

export const selectOnline = (state: StateWithOffline) => state.offline.online;
export const selectSending = (state: StateWithOffline) => state.offline.sending;
export const selectRestoredFrom = (state: StateWithOffline) => state.offline.restoredFrom;
const noKeys: string[] = [];

/**
 * The signed-in user's waiting changes, oldest first; another user's on this device are never shown or
 * sent, nor is a delete while its Undo is offered (held).
 */
export const selectMyQueue = createSelector(
  [
    (state: StateWithOffline) => state.offline.queue,
    (state: StateWithOffline) => state.offline.held ?? noKeys,
    (state: StateWithOffline) => state.auth.user?.id,
  ],
  (queue, held, userId): QueuedChange[] => (userId ? queue.filter((change) => change.userId === userId && !held.includes(change.key)) : []),
);

/** Items the lists leave out: deleted on this device (held for Undo, or waiting to be sent), or deleted on the server on this visit. */
export const selectDeletedIds = createSelector(
  [
    (state: StateWithOffline) => state.offline.queue,
    (state: StateWithOffline) => state.offline.gone ?? noKeys,
    (state: StateWithOffline) => state.auth.user?.id,
  ],
  (queue, gone, userId): ReadonlySet<string> =>
    new Set([...gone, ...queue.flatMap((change) => (change.userId === userId && change.itemId && isDelete(change) ? [change.itemId] : []))]),
);
export const selectMyRefusals = createSelector(
  [(state: StateWithOffline) => state.offline.refused, (state: StateWithOffline) => state.auth.user?.id],
  (refused, userId): RefusedChange[] => (userId ? refused.filter((refusal) => refusal.userId === userId) : []),
);
/** Whether a completion of this item waits in the queue (its row shows it waiting instead of a Complete button). */
export const selectWaiting = (state: StateWithOffline, itemId: string): boolean => selectMyQueue(state).some((change) => change.itemId === itemId);
/** The change of this item that waits (the one its row can take back), if any; a create (no item yet) by its key. */
export const selectWaitingChange = (state: StateWithOffline, itemId: string): QueuedChange | undefined =>
  selectMyQueue(state).find((change) => change.itemId === itemId || change.key === itemId);
