import type { useToast } from '../../../components/toasts/use-toast.ts';
import { signedPoints } from './actionable-format.ts';

type Toasts = ReturnType<typeof useToast>;

/** After a completion: the points it won (a completion worth nothing still says it is done). */
export const completedToast = (toast: Toasts, title: string, points: number, streak?: number): void => {
  const streakText = streak === undefined ? '' : ` · streak ${streak}`;
  toast.success(`${points === 0 ? 'Done' : signedPoints(points)}${streakText}`, { title });
};

/** After a status change by PATCH: the points it moved, if any (a revert takes back what completing gave). */
export const statusPointsToast = (toast: Toasts, title: string, pointsBefore: number, pointsAfter: number): void => {
  const moved = pointsAfter - pointsBefore;
  if (moved === 0) return;
  toast[moved > 0 ? 'success' : 'info'](signedPoints(moved), { title });
};
