import { useSelector } from 'react-redux';
import { selectMyQueue } from './offline.slice.ts';

/** A to-do or habit created on this device and waiting to be sent, as its lists show it (the server has no id for it yet). */
export interface WaitingCreate {
  /** The change's Idempotency-Key: its waiting mark finds the change by it (selectWaitingChange). */
  key: string;
  habit: boolean;
  title: string;
  /** A to-do's deadline as sent (an instant), if it has one. */
  deadline?: string;
}

/**
 * The signed-in user's creates of to-dos and habits waiting on this device, oldest first, that
 * `shows` picks: each list shows them where the item will be once sent, marked waiting, with an Undo
 * that takes the create back unsent (issue: a to-do made offline was missing from Today).
 */
export const useWaitingCreates = (shows: (create: WaitingCreate) => boolean): WaitingCreate[] =>
  useSelector(selectMyQueue).flatMap(({ key, url, method, body }) => {
    const habit = url === '/actionables/habits';
    if (method !== 'POST' || !(habit || url === '/actionables')) return [];
    const { title, deadline } = (body ?? {}) as { title?: unknown; deadline?: unknown };
    const create: WaitingCreate = {
      key,
      habit,
      title: typeof title === 'string' && title.trim() ? title.trim() : 'Untitled Actionable',
      ...(typeof deadline === 'string' ? { deadline } : {}),
    };
    return shows(create) ? [create] : [];
  });
