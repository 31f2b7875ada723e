/**
 * Answers of `cachedPerUser` routes, kept in memory as the JSON sent and given again while nothing
 * they were read from can have changed: the user's read version (projections/src/read-versions.ts,
 * read afresh for every request, in rounds shared with the requests of the moment: read-rounds.ts),
 * the user's today and zone, and the URL. A
 * version moves in the very transaction that writes the user's rows, so a read after a command — in
 * this process or another — finds a new version and reads the read models again: read-your-writes
 * holds as without the cache. Why: the dashboard's reads and the lists are asked again and again
 * with nothing changed in between (every open of the dashboard, every return to a list), and
 * building them is most of their cost — about 5 ms of CPU for today's list of a user with three
 * years of history against well under 1 ms for a kept answer.
 *
 * An answer read before a version moved may be kept under the earlier version, never the reverse:
 * it is the same or newer than that version's, and a request that reads the new version does not
 * find it. Bounded in bytes: the least recently used answers go first.
 */
export interface AnswerCache {
  /** What the user's answers depend on besides the URL, read now: the stamp an answer is kept with. */
  stampOf(userId: string, today: string, zone: string | undefined): Promise<string>;
  get(userId: string, url: string, stamp: string): Buffer | undefined;
  set(userId: string, url: string, stamp: string, body: Buffer): void;
}

/** Memory for kept answers, in bytes. */
export const DEFAULT_ANSWER_CACHE_BYTES = 4 * 1024 * 1024;

export const createAnswerCache = (readVersion: (userId: string) => Promise<string>, maxBytes = DEFAULT_ANSWER_CACHE_BYTES): AnswerCache => {
  const kept = new Map<string, { stamp: string; body: Buffer }>();
  let bytes = 0;
  const keyOf = (userId: string, url: string): string => `${userId} ${url}`;
  const drop = (key: string): void => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.body.length;
  };
  return {
    stampOf: async (userId, today, zone) => `${await readVersion(userId)} ${today} ${zone ?? ''}`,
    get(userId, url, stamp) {
      const key = keyOf(userId, url);
      const entry = kept.get(key);
      if (!entry || entry.stamp !== stamp) return undefined;
      // Most recently used last: eviction takes from the front.
      kept.delete(key);
      kept.set(key, entry);
      return entry.body;
    },
    set(userId, url, stamp, body) {
      const key = keyOf(userId, url);
      drop(key);
      if (body.length > maxBytes / 8) return;
      kept.set(key, { stamp, body });
      bytes += body.length;
      for (const oldest of kept.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
};
