/**
 * What a toast's action button does, by toast id. Kept beside the store, not in it: the toasts'
 * state stays serialisable (a label), the function lives here until the toast is gone.
 */
const actions = new Map<string, () => void>();

export const registerToastAction = (toastId: string, run: () => void): void => void actions.set(toastId, run);

/** Runs a toast's action once; a second click (or a toast already gone) does nothing. */
export const runToastAction = (toastId: string): void => {
  const run = actions.get(toastId);
  actions.delete(toastId);
  run?.();
};

export const forgetToastAction = (toastId: string): void => void actions.delete(toastId);
