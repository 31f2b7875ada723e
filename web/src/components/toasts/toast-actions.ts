/**
 * What a toast's action button does, by toast id, and what happens when the toast ends without it
 * (a deferred delete goes). Kept beside the store, not in it: the toasts' state stays serialisable (a
 * label), the functions live here until the toast is gone.
 */
const actions = new Map<string, () => void>();
const ends = new Map<string, () => void>();

export const registerToastAction = (toastId: string, run: () => void, end?: () => void): void => {
  actions.set(toastId, run);
  if (end) ends.set(toastId, end);
};

/** Runs a toast's action once; a second click (or a toast already gone) does nothing. Its end will not run. */
export const runToastAction = (toastId: string): void => {
  const run = actions.get(toastId);
  actions.delete(toastId);
  ends.delete(toastId);
  run?.();
};

/** The toast left the screen (its time ran out, it was closed or replaced): its end runs once, unless its action ran. */
export const toastEnded = (toastId: string): void => {
  const end = ends.get(toastId);
  actions.delete(toastId);
  ends.delete(toastId);
  end?.();
};

interface ToastStore {
  getState: () => { toasts: { items: readonly { id: string }[] } };
  subscribe: (listener: () => void) => unknown;
}

/**
 * Runs `toastEnded` for every toast that leaves the store, however it leaves: followed here, not by
 * the toast's component, so an end runs whether or not the toast was ever on screen.
 */
export const endToastsThatLeave = (store: ToastStore): void => {
  let shown = store.getState().toasts.items;
  store.subscribe(() => {
    const next = store.getState().toasts.items;
    if (next === shown) return;
    const still = new Set(next.map((toast) => toast.id));
    const gone = shown.filter((toast) => !still.has(toast.id));
    shown = next;
    for (const toast of gone) toastEnded(toast.id);
  });
};
