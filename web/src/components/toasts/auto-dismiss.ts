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

/** A toast's countdown that holds while the pointer or the focus is on it, so an action in it can be used. */
export interface DismissTimer {
  /** Stops the countdown, keeping what is left of it. */
  pause: () => void;
  /** Goes on counting down what was left. */
  resume: () => void;
  cancel: () => void;
}

/**
 * `autoDismiss`, pausable: a pause keeps the time left (read from `now`, a monotonic clock), a resume
 * counts it down again. A duration of 0 never dismisses.
 */
export const pausableDismiss = (toast: Pick<Toast, 'durationMs'>, dismiss: () => void, now: () => number = () => performance.now()): DismissTimer => {
  if (toast.durationMs <= 0) return { pause: () => undefined, resume: () => undefined, cancel: () => undefined };
  let left = toast.durationMs;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const resume = () => {
    if (timer !== undefined) return;
    startedAt = now();
    timer = setTimeout(dismiss, left);
  };
  const pause = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    left = Math.max(0, left - (now() - startedAt));
  };
  resume();
  return { pause, resume, cancel: () => clearTimeout(timer) };
};
