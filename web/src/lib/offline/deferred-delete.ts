import { useStore } from 'react-redux';
import { useMemo } from 'react';
import { useToast } from '../../components/toasts/use-toast.ts';
import { newIdempotencyKey } from '../api/idempotency-key.ts';
import { focusWhenBack } from '../focus/focus-when-back.ts';
import { deleteHeld, deleteUndone } from './offline.slice.ts';
import { sendHeldChange, type OutboxStore } from './outbox-sender.ts';
import type { QueuedChange } from './queued-change.ts';

export interface DeleteRequest {
  /** The DELETE's path under /api, e.g. '/actionables/<id>'. */
  url: string;
  itemId: string;
  /** The item's title as the user knows it. */
  title: string;
  /** What the queue says of it, should it have to wait for the connection: 'Delete to-do “Buy milk”'. */
  label: string;
  /** The toast's line under 'Deleted “Buy milk”': what went with it, what stays. */
  note: string;
}

/** The delete as it is kept on the device: with a fresh Idempotency-Key, so however often it is sent, it is one delete. */
export const heldDelete = ({ url, itemId, label }: DeleteRequest, userId: string, key: string, now: Date): QueuedChange => ({
  key,
  userId,
  url,
  method: 'DELETE',
  label,
  itemId,
  queuedAt: now.toISOString(),
});

export const deletedTitle = (title: string): string => `Deleted “${title}”`;

/**
 * Deletes with an Undo (issue 19, Todoist-style: asked first, then undoable): the item leaves every
 * list at once and its DELETE waits on the device, held, while a toast offers Undo. Undo lets it go
 * unsent and puts the focus back on the item; when the toast ends (its time, closed, or replaced by
 * news) the DELETE goes. Closed or reloaded meanwhile, the queue on the device sends it at the next
 * start; offline, it waits like any queued change.
 */
export const useDeleteWithUndo = (): ((request: DeleteRequest) => void) => {
  const store = useStore() as unknown as OutboxStore;
  const toast = useToast();
  return useMemo(
    () => (request: DeleteRequest) => {
      const userId = store.getState().auth.user?.id;
      if (!userId) return;
      const key = newIdempotencyKey();
      store.dispatch(deleteHeld(heldDelete(request, userId, key, new Date())));
      toast.info(request.note, {
        title: deletedTitle(request.title),
        key: `delete:${request.itemId}`,
        action: {
          label: 'Undo',
          run: () => {
            focusWhenBack(request.itemId);
            store.dispatch(deleteUndone(key));
          },
          end: () => void sendHeldChange(store, key),
        },
      });
    },
    [store, toast],
  );
};
