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
  /** A habit's schedule as sent (daily when none), and its first day. */
  recurrence?: { frequency?: unknown; days?: unknown; dayOfMonth?: unknown };
  startDate?: string;
}

/**
 * Whether a waiting habit is one of `date`'s (Today lists it once sent): from its first day, daily,
 * every few days, some times a week, or on its weekdays or its day of the month. Not the server's
 * whole rule (a month's last days), only what a new habit's first days need.
 */
export const habitOnDay = ({ recurrence, startDate }: WaitingCreate, date: string): boolean => {
  if (startDate !== undefined && startDate > date) return false;
  const day = new Date(`${date}T00:00:00Z`);
  if (recurrence?.frequency === 'weekly') return Array.isArray(recurrence.days) && recurrence.days.includes(day.getUTCDay());
  if (recurrence?.frequency === 'monthly') return recurrence.dayOfMonth === day.getUTCDate();
  return true;
};

/**
 * The signed-in user's creates of to-dos and habits waiting on this device, oldest first, that
 * `shows` picks: each list shows them where the item will be once sent, marked waiting, with an Undo
 * that takes the create back unsent (issue: a to-do made offline was missing from Today).
 */
export const useWaitingCreates = (shows: (create: WaitingCreate) => boolean): WaitingCreate[] =>
  useSelector(selectMyQueue).flatMap(({ key, url, method, body }) => {
    const habit = url === '/actionables/habits';
    if (method !== 'POST' || !(habit || url === '/actionables')) return [];
    const { title, deadline, recurrence, startDate } = (body ?? {}) as { title?: unknown; deadline?: unknown; recurrence?: unknown; startDate?: unknown };
    const create: WaitingCreate = {
      key,
      habit,
      title: typeof title === 'string' && title.trim() ? title.trim() : 'Untitled Actionable',
      ...(typeof deadline === 'string' ? { deadline } : {}),
      ...(typeof recurrence === 'object' && recurrence !== null ? { recurrence } : {}),
      ...(typeof startDate === 'string' ? { startDate } : {}),
    };
    return shows(create) ? [create] : [];
  });
