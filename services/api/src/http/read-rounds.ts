/** At most this many keys in one round; the rest wait for the next. */
const MAX_PER_ROUND = 1_000;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads keys in rounds, one round in flight at a time: a key asked for while a round is under way
 * waits for the next, which reads every key asked for meanwhile in one statement. So every answer is
 * read after it was asked for, as if read alone, at one round trip per round instead of one per
 * request: under load a round trip is most of what a small read costs (waking PostgreSQL and being
 * woken), and requests that arrive together share it. Alone, a request starts its round at once.
 * A round that fails fails every request in it, as each would have failed reading alone.
 */
export const readInRounds = <V>(readMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>): ((key: string) => Promise<V | undefined>) => {
  const next = new Map<string, Array<Waiter<V>>>();
  let running = false;

  const run = async (): Promise<void> => {
    running = true;
    while (next.size > 0) {
      const round = new Map<string, Array<Waiter<V>>>();
      for (const [key, waiters] of next) {
        if (round.size >= MAX_PER_ROUND) break;
        round.set(key, waiters);
        next.delete(key);
      }
      try {
        const found = await readMany([...round.keys()]);
        for (const [key, waiters] of round) for (const waiter of waiters) waiter.resolve(found.get(key));
      } catch (error) {
        for (const waiters of round.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = next.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else next.set(key, [{ resolve, reject }]);
      if (!running) void run();
    });
};
