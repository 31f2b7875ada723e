import type { ToastAction, useToast } from '../../components/toasts/use-toast.ts';
import { signedPoints } from './points-words.ts';

// Apart from points-toasts.ts: a screen that only puts a to-do back (today's list) need not load the receipts' words.

type Toasts = ReturnType<typeof useToast>;

/**
 * After a status change by PATCH: the points it moved (a revert takes back what completing gave). Without
 * an undo, a change that moved no points needs no toast; with one, it shows so the change can be undone.
 */
export const statusPointsToast = (
  toast: Toasts,
  title: string,
  pointsBefore: number,
  pointsAfter: number,
  undo?: { key: string; action: ToastAction },
  /** What else the change did, after the points ('Its 2 tasks were completed too.'). */
  note?: string,
): void => {
  const moved = pointsAfter - pointsBefore;
  if (moved === 0 && !undo && !note) return;
  const points = moved === 0 ? 'No points moved' : signedPoints(moved);
  toast[moved > 0 ? 'success' : 'info'](note ? `${points}. ${note}` : points, { title, ...undo });
};
