import type { Toast } from './toasts.slice.ts';

/**
 * Dismisses a toast once its time is up (spec.md §9: 5 s unless asked otherwise; 0 stays until
 * closed). Returns the cancel, for when the toast is closed first or leaves the screen.
 */
export const autoDismiss = (toast: Pick<Toast, 'durationMs'>, dismiss: () => void): (() => void) => {
  if (toast.durationMs <= 0) return () => undefined;
  const timer = setTimeout(dismiss, toast.durationMs);
  return () => clearTimeout(timer);
};
