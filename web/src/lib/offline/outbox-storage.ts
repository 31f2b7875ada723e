import type { QueuedChange, RefusedChange } from './queued-change.ts';

/** The device's queue, in localStorage: it outlives a reload and a closed tab. Each entry names its user. */
export const OUTBOX_KEY = 'outbox';

export interface StoredOutbox {
  queue: QueuedChange[];
  refused: RefusedChange[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isChange = (value: unknown): value is QueuedChange =>
  isRecord(value) && ['key', 'userId', 'url', 'method', 'label', 'queuedAt'].every((field) => typeof value[field] === 'string');
const isRefusal = (value: unknown): value is RefusedChange =>
  isRecord(value) && ['key', 'userId', 'label', 'message'].every((field) => typeof value[field] === 'string');

/** What this device kept; whatever does not read as a change is dropped (a damaged or older entry must not stop the app). */
export const readOutbox = (): StoredOutbox => {
  try {
    const stored: unknown = JSON.parse(globalThis.window?.localStorage.getItem(OUTBOX_KEY) ?? 'null');
    if (!isRecord(stored)) return { queue: [], refused: [] };
    return {
      queue: Array.isArray(stored.queue) ? stored.queue.filter(isChange) : [],
      refused: Array.isArray(stored.refused) ? stored.refused.filter(isRefusal) : [],
    };
  } catch {
    return { queue: [], refused: [] };
  }
};

export const writeOutbox = (outbox: StoredOutbox): void => {
  try {
    if (outbox.queue.length === 0 && outbox.refused.length === 0) globalThis.window?.localStorage.removeItem(OUTBOX_KEY);
    else globalThis.window?.localStorage.setItem(OUTBOX_KEY, JSON.stringify(outbox));
  } catch {
    // Storage full or blocked: the queue still lives in memory until the page closes.
  }
};

interface OutboxStore {
  getState: () => { offline: StoredOutbox };
  subscribe: (listener: () => void) => unknown;
}

/** Writes the queue and the refusals to the device whenever they change. */
export const keepOutboxOnDevice = (store: OutboxStore): void => {
  let { queue, refused } = store.getState().offline;
  store.subscribe(() => {
    const next = store.getState().offline;
    if (next.queue === queue && next.refused === refused) return;
    ({ queue, refused } = next);
    writeOutbox({ queue, refused });
  });
};
