import type { UnknownAction } from '@reduxjs/toolkit';
import { api, TAG_TYPES } from '../api/api.ts';
import { IDEMPOTENCY_HEADER } from '../api/idempotency-key.ts';
import { sessionExpired } from '../auth/session-events.ts';
import {
  changeRefused,
  changeSent,
  connectionLost,
  connectionRestored,
  selectMyQueue,
  sendingStarted,
  sendingStopped,
  type OfflineState,
} from './offline.slice.ts';

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

/**
 * Sends the signed-in user's waiting changes, oldest first, one at a time, each with the
 * Idempotency-Key it was made with: a change the server already took (the first try reached it, the
 * answer did not come back) answers as it did then, so nothing is done twice. A change the server
 * refuses leaves the queue with the server's words (the banner shows them); no answer, a server fault
 * or a rate limit stops here and the rest waits for the next try; an expired session waits for a new
 * sign-in. Every read is asked again after.
 */
export const sendQueue = async ({ getState, dispatch }: OutboxStore): Promise<void> => {
  if (getState().offline.sending) return;
  dispatch(sendingStarted());
  let changed = false;
  try {
    for (;;) {
      const [next] = selectMyQueue(getState());
      const token = getState().auth.token;
      if (!next || !token) return;
      let response: Response;
      try {
        response = await fetch(
          new Request(`/api${next.url}`, {
            method: next.method,
            headers: {
              Accept: 'application/json',
              Authorization: `Bearer ${token}`,
              [IDEMPOTENCY_HEADER]: next.key,
              ...(next.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            ...(next.body === undefined ? {} : { body: JSON.stringify(next.body) }),
          }),
        );
      } catch {
        dispatch(connectionLost());
        return;
      }
      if (!getState().offline.online) dispatch(connectionRestored());
      if (response.ok) {
        dispatch(changeSent(next.key));
        changed = true;
      } else if (response.status === 401) {
        dispatch(sessionExpired());
        return;
      } else if (response.status >= 500 || response.status === 429 || response.status === 408) {
        return;
      } else {
        dispatch(changeRefused({ key: next.key, userId: next.userId, label: next.label, message: await refusalMessage(response) }));
        changed = true;
      }
    }
  } finally {
    dispatch(sendingStopped());
    if (changed) dispatch(api.util.invalidateTags([...TAG_TYPES]));
  }
};

/** Whether the server answers at all (liveness, no sign-in needed): how the app notices it is back when the browser never said it was gone. */
export const serverReachable = async (): Promise<boolean> => {
  try {
    return (await fetch(new Request('/api/health', { cache: 'no-store' }))).ok;
  } catch {
    return false;
  }
};
