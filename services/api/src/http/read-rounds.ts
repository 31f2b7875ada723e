/** At most this many keys in one round; the rest wait for the next. */
const MAX_PER_ROUND = 1_000;
/** A round still out after this long no longer holds the next back (a connection gone quiet must not stall every read). */
const STALLED_MS = 1_000;

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
 * A round that fails fails every request in it, as each would have failed reading alone; one that
 * stalls (a connection gone quiet) holds its own requests only: after STALLED_MS the next starts.
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
      const answered = readMany([...round.keys()]).then(
        (found) => {
          for (const [key, waiters] of round) for (const waiter of waiters) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of round.values()) for (const waiter of waiters) waiter.reject(error);
        },
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([answered, new Promise<void>((resolve) => (timer = setTimeout(resolve, STALLED_MS)))]);
      clearTimeout(timer);
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
