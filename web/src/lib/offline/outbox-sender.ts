import type { UnknownAction } from '@reduxjs/toolkit';
import { api, TAG_TYPES } from '../api/api.ts';
import { IDEMPOTENCY_HEADER } from '../api/idempotency-key.ts';
import { sessionExpired } from '../auth/session-events.ts';
import {
  changeRefused,
  changeSent,
  connectionLost,
  connectionRestored,
  holdEnded,
  selectMyQueue,
  sendingStarted,
  sendingStopped,
  type OfflineState,
} from './offline.slice.ts';
import type { QueuedChange } from './queued-change.ts';

interface SenderState {
  auth: { token: string | null; user: { id: string } | null };
  offline: OfflineState;
}

export interface OutboxStore {
  getState: () => SenderState;
  dispatch: (action: UnknownAction) => unknown;
}

const refusalMessage = async (response: Response): Promise<string> => {
  try {
    const problem = (await response.json()) as { message?: unknown; detail?: unknown };
    if (typeof problem.message === 'string' && problem.message.trim() !== '') return problem.message;
  } catch {
    // Not a problem document: the status says enough.
  }
  return `The server refused it (${response.status}).`;
};

type Outcome = { sent: true } | { sent: false; stop: 'unreachable' | 'signed-out' | 'later' } | { sent: false; refusal: string };

/** Sent or refused: the change is done with; otherwise it stays for a later try. */
const settled = (outcome: Outcome): boolean => outcome.sent || 'refusal' in outcome;
const unanswered = (outcome: Outcome): boolean => 'stop' in outcome && outcome.stop === 'unreachable';

/**
 * One change sent with the Idempotency-Key it was made with. A delete answered 404 is done: the item is
 * gone, whichever request (this one's first try, another device) took it.
 */
const deliver = async (change: QueuedChange, token: string): Promise<Outcome> => {
  let response: Response;
  try {
    response = await fetch(
      new Request(`/api${change.url}`, {
        method: change.method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          [IDEMPOTENCY_HEADER]: change.key,
          ...(change.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(change.body === undefined ? {} : { body: JSON.stringify(change.body) }),
      }),
    );
  } catch {
    return { sent: false, stop: 'unreachable' };
  }
  if (response.ok || (response.status === 404 && change.method.toUpperCase() === 'DELETE')) return { sent: true };
  if (response.status === 401) return { sent: false, stop: 'signed-out' };
  if (response.status >= 500 || response.status === 429 || response.status === 408) return { sent: false, stop: 'later' };
  return { sent: false, refusal: await refusalMessage(response) };
};

/** What the store learns from one change's outcome: sent, refused (with the server's words), or why the sending stops. */
const record = ({ getState, dispatch }: OutboxStore, change: QueuedChange, outcome: Outcome): void => {
  // Any answer at all means the server is back.
  if (!getState().offline.online && !unanswered(outcome)) dispatch(connectionRestored());
  if (outcome.sent) return void dispatch(changeSent(change.key));
  if ('refusal' in outcome) return void dispatch(changeRefused({ key: change.key, userId: change.userId, label: change.label, message: outcome.refusal }));
  if (outcome.stop === 'unreachable') dispatch(connectionLost());
  else if (outcome.stop === 'signed-out') dispatch(sessionExpired());
};

/**
 * Sends the signed-in user's waiting changes, oldest first, one at a time, each with the
 * Idempotency-Key it was made with: a change the server already took (the first try reached it, the
 * answer did not come back) answers as it did then, so nothing is done twice. A change the server
 * refuses leaves the queue with the server's words (the banner shows them); no answer, a server fault
 * or a rate limit stops here and the rest waits for the next try; an expired session waits for a new
 * sign-in. Every read is asked again after.
 */
export const sendQueue = async (store: OutboxStore): Promise<void> => {
  const { getState, dispatch } = store;
  if (getState().offline.sending) return;
  dispatch(sendingStarted());
  let changed = false;
  try {
    for (;;) {
      const [next] = selectMyQueue(getState());
      const token = getState().auth.token;
      if (!next || !token) return;
      const outcome = await deliver(next, token);
      record(store, next, outcome);
      if (!settled(outcome)) return;
      changed = true;
    }
  } finally {
    dispatch(sendingStopped());
    if (changed) dispatch(api.util.invalidateTags([...TAG_TYPES]));
  }
};

/**
 * A held delete whose Undo time is over (deferred-delete.ts), sent at once and apart from the queue, so
 * the banner never lists it as waiting while it goes. When it cannot go now (offline, signed out, a busy
 * server) the hold ends and it waits in the queue like any change; undone meanwhile, nothing is sent.
 */
export const sendHeldChange = async (store: OutboxStore, key: string): Promise<void> => {
  const { getState, dispatch } = store;
  const change = getState().offline.queue.find((queued) => queued.key === key);
  if (!change || !getState().offline.held.includes(key)) return;
  const token = getState().auth.token;
  if (!token || !getState().offline.online) return void dispatch(holdEnded(key));
  const outcome = await deliver(change, token);
  record(store, change, outcome);
  if (!settled(outcome)) return void dispatch(holdEnded(key));
  dispatch(api.util.invalidateTags([...TAG_TYPES]));
};

/** Whether the server answers at all (liveness, no sign-in needed): how the app notices it is back when the browser never said it was gone. */
export const serverReachable = async (): Promise<boolean> => {
  try {
    return (await fetch(new Request('/api/health', { cache: 'no-store' }))).ok;
  } catch {
    return false;
  }
};
