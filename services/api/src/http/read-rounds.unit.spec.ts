import { describe, expect, it, vi } from 'vitest';
import { readInRounds } from './read-rounds.ts';

/** A source whose reads see the values as they were when the read began; the test finishes each by hand. */
const given = () => {
  const rounds: Array<{ keys: string[]; finish: () => void; fail: (error: Error) => void }> = [];
  const values = new Map<string, number>();
  const read = readInRounds<number>(
    (keys) =>
      new Promise((resolve, reject) => {
        const seen = new Map(keys.flatMap((key) => (values.has(key) ? [[key, values.get(key)!] as const] : [])));
        rounds.push({
          keys,
          finish: () => resolve(seen),
          fail: reject,
        });
      }),
  );
  return { read, rounds, values };
};

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('reads in rounds', () => {
  it('reads a key asked for alone at once', async () => {
    const { read, rounds, values } = given();
    values.set('alice', 1);

    const alice = read('alice');
    expect(rounds.map((round) => round.keys)).toEqual([['alice']]);
    rounds[0]!.finish();

    expect(await alice).toBe(1);
  });

  it('reads the keys asked for during a round together in the next, each after it was asked for', async () => {
    const { read, rounds, values } = given();
    values.set('alice', 1);
    const first = read('alice');
    // Written after the first round began: the requests below must see it.
    values.set('alice', 2);
    values.set('bob', 7);
    const again = read('alice');
    const bob = read('bob');
    const bobToo = read('bob');
    expect(rounds).toHaveLength(1);

    rounds[0]!.finish();
    expect(await first).toBe(1);
    await settled();
    expect(rounds.map((round) => round.keys)).toEqual([['alice'], ['alice', 'bob']]);
    rounds[1]!.finish();

    expect([await again, await bob, await bobToo]).toEqual([2, 7, 7]);
  });

  it('fails every request of a round that failed, and reads the next round afresh', async () => {
    const { read, rounds, values } = given();
    const failed = read('alice');
    rounds[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');

    values.set('alice', 3);
    const after = read('alice');
    expect(rounds).toHaveLength(2);
    rounds[1]!.finish();
    expect(await after).toBe(3);
  });

  it('starts the next round when one stalls, and answers the stalled one’s requests when it ends', async () => {
    vi.useFakeTimers();
    try {
      const { read, rounds, values } = given();
      values.set('alice', 1);
      const stalled = read('alice');
      const later = read('bob');
      await vi.advanceTimersByTimeAsync(999);
      expect(rounds).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(rounds.map((round) => round.keys)).toEqual([['alice'], ['bob']]);
      rounds[1]!.finish();
      expect(await later).toBeUndefined();
      rounds[0]!.finish();
      expect(await stalled).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers undefined for a key the source has nothing for', async () => {
    const { read, rounds } = given();
    const nobody = read('nobody');
    rounds[0]!.finish();
    expect(await nobody).toBeUndefined();
  });
});
