/**
 * A wake-up that cannot be missed: it counts wakes, and a waiter that saw generation g returns at
 * once if another wake came since — so a wake between "read" and "wait" is never lost.
 */
export interface WakeSignal {
  // Function properties, not methods: they close over their state, so they may be passed around unbound.
  generation: () => number;
  wake: () => void;
  /** Resolves on the next wake after `seen`, after timeoutMs, or when the signal aborts. */
  wait: (seen: number, timeoutMs: number, signal: AbortSignal) => Promise<void>;
}

export const createWakeSignal = (): WakeSignal => {
  const waiters = new Set<() => void>();
  let generation = 0;
  return {
    generation: () => generation,
    wake() {
      generation += 1;
      for (const resolve of [...waiters]) resolve();
    },
    async wait(seen, timeoutMs, signal) {
      if (signal.aborted || generation !== seen) return;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
        signal.addEventListener('abort', done, { once: true });
      });
    },
  };
};
