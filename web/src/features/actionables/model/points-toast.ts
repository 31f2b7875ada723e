import type { ToastAction, useToast } from '../../../components/toasts/use-toast.ts';
import { completionText, signedPoints } from '../../../lib/points/points-words.ts';

type Toasts = ReturnType<typeof useToast>;

/** After a completion: the points it won (a completion worth nothing still says it is done); for a habit, its toast key and an Undo. */
export const completedToast = (toast: Toasts, title: string, points: number, streak?: number, habit?: { key: string; action: ToastAction }): void => {
  toast.success(completionText(points, streak), { title, ...habit });
};

/** After a status change by PATCH: the points it moved, if any (a revert takes back what completing gave). */
export const statusPointsToast = (toast: Toasts, title: string, pointsBefore: number, pointsAfter: number): void => {
  const moved = pointsAfter - pointsBefore;
  if (moved === 0) return;
  toast[moved > 0 ? 'success' : 'info'](signedPoints(moved), { title });
};
