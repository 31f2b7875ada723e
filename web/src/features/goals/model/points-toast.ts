import type { ToastKind } from '../../../components/toasts/toasts.slice.ts';
import type { useToast } from '../../../components/toasts/use-toast.ts';

type Toasts = ReturnType<typeof useToast>;

/** '+15 points' after a completion, '−15 points' after reopening (the server revokes what it awarded). */
export const pointsToast = (toast: Toasts, points: number, title: string): void => {
  if (points === 0) return;
  const kind: ToastKind = points > 0 ? 'success' : 'info';
  toast[kind](points > 0 ? `+${points} points` : `−${Math.abs(points)} points`, { title });
};

/** After a status change: the points it moved, titled 'Task completed' or 'Task reopened'. */
export const statusPointsToast = (toast: Toasts, label: string, pointsBefore: number, pointsAfter: number, status: string): void =>
  pointsToast(toast, pointsAfter - pointsBefore, status === 'completed' ? `${label} completed` : `${label} reopened`);
