import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

/** A cache over versions the test moves, as lane batches would. */
const given = (maxChars?: number) => {
  const versions = new Map<string, number>();
  const cache = createAnswerCache((userId) => Promise.resolve(`1.${versions.get(userId) ?? 0}`), maxChars);
  return { cache, bump: (userId: string) => versions.set(userId, (versions.get(userId) ?? 0) + 1) };
};

describe('answer cache', () => {
  it('gives an answer again while the user’s version, today and zone are those it was kept with', async () => {
    const { cache } = given();
    const stamp = await cache.stampOf(ALICE, '2026-11-27', 'Europe/Berlin');
    cache.set(ALICE, '/api/points/stats', stamp, Buffer.from('{"stats":1}'));

    expect(cache.get(ALICE, '/api/points/stats', await cache.stampOf(ALICE, '2026-11-27', 'Europe/Berlin'))).toEqual(Buffer.from('{"stats":1}'));
  });

  it('never gives it once the user’s rows were written (the version moved)', async () => {
    const { cache, bump } = given();
    cache.set(ALICE, '/api/points/stats', await cache.stampOf(ALICE, '2026-11-27', 'UTC'), Buffer.from('{"stats":1}'));

    bump(ALICE);

    expect(cache.get(ALICE, '/api/points/stats', await cache.stampOf(ALICE, '2026-11-27', 'UTC'))).toBeUndefined();
  });

  it('never gives it on another day or in another zone', async () => {
    const { cache } = given();
    cache.set(ALICE, '/api/points/stats', await cache.stampOf(ALICE, '2026-11-27', 'UTC'), Buffer.from('{"stats":1}'));

    expect(cache.get(ALICE, '/api/points/stats', await cache.stampOf(ALICE, '2026-11-28', 'UTC'))).toBeUndefined();
    expect(cache.get(ALICE, '/api/points/stats', await cache.stampOf(ALICE, '2026-11-27', 'Asia/Tokyo'))).toBeUndefined();
  });

  it('keeps each user’s answers apart, and each URL’s', async () => {
    const { cache } = given();
    const stamp = await cache.stampOf(ALICE, '2026-11-27', 'UTC');
    cache.set(ALICE, '/api/points/stats', stamp, Buffer.from('{"alice":1}'));

    expect(cache.get(BOB, '/api/points/stats', stamp)).toBeUndefined();
    expect(cache.get(ALICE, '/api/points/stats?startDate=2026-11-01', stamp)).toBeUndefined();
  });

  it('lets the least recently used answers go when over its memory', async () => {
    const { cache } = given(100);
    const stamp = await cache.stampOf(ALICE, '2026-11-27', 'UTC');
    cache.set(ALICE, '/a', stamp, Buffer.from('x'.repeat(12)));
    cache.set(ALICE, '/b', stamp, Buffer.from('y'.repeat(12)));
    // Used: /a is now the more recent of the two.
    cache.get(ALICE, '/a', stamp);

    for (let i = 0; i < 7; i++) cache.set(BOB, `/c${i}`, stamp, Buffer.from('z'.repeat(12)));

    expect(cache.get(ALICE, '/b', stamp)).toBeUndefined();
    expect(cache.get(ALICE, '/a', stamp)).toEqual(Buffer.from('x'.repeat(12)));
  });

  it('keeps no answer larger than an eighth of its memory', async () => {
    const { cache } = given(80);
    const stamp = await cache.stampOf(ALICE, '2026-11-27', 'UTC');

    cache.set(ALICE, '/big', stamp, Buffer.from('x'.repeat(11)));

    expect(cache.get(ALICE, '/big', stamp)).toBeUndefined();
  });
});
