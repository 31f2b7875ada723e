import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { answersToRestore, MAX_KEPT, readAnswers, withFreshAnswers, writeAnswers, type CacheEntry, type KeptAnswers } from './answers-on-device.ts';
import { answersKey, forgetAnswers } from './answers-storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const habits = (fulfilledTimeStamp: number, data: unknown = [{ title: 'Read' }]): CacheEntry => ({
  endpointName: 'getHabits',
  status: 'fulfilled',
  originalArgs: undefined,
  data,
  fulfilledTimeStamp,
});
const unreachable = (endpointName: string): CacheEntry => ({ endpointName, status: 'rejected', error: { status: 'FETCH_ERROR', error: 'Failed to fetch' } });
const kept = (fetchedAt: number, endpointName = 'getHabits'): KeptAnswers[string] => ({ endpointName, arg: undefined, data: [{ title: 'Read' }], fetchedAt });

describe('the last answers kept on the device (issue 19, offline)', () => {
  it('keeps a fresh answer of a kept read, and only the newer of two for the same key', () => {
    const first = withFreshAnswers({}, { 'getHabits(undefined)': habits(100) }, new Map());
    expect(first).toEqual({ 'getHabits(undefined)': kept(100) });
    expect(withFreshAnswers(first, { 'getHabits(undefined)': habits(100) }, new Map())).toBe(first);
    expect(withFreshAnswers(first, { 'getHabits(undefined)': habits(200, []) }, new Map())['getHabits(undefined)']).toMatchObject({ data: [], fetchedAt: 200 });
  });

  it('keeps no other read, no failure and no answer it put back itself', () => {
    const cache = {
      'getLeaderboard(10)': { ...habits(100), endpointName: 'getLeaderboard' },
      'getGoals(undefined)': unreachable('getGoals'),
      'getHabits(undefined)': habits(300),
    };
    expect(withFreshAnswers({}, cache, new Map([['getHabits(undefined)', 300]]))).toEqual({});
  });

  it('keeps the newest MAX_KEPT answers', () => {
    const cache = Object.fromEntries(
      Array.from({ length: MAX_KEPT + 5 }, (_, index) => [`getActionable("${index}")`, { ...habits(index), endpointName: 'getActionable' }]),
    );
    const answers = withFreshAnswers({}, cache, new Map());
    expect(Object.keys(answers)).toHaveLength(MAX_KEPT);
    expect(Math.min(...Object.values(answers).map((answer) => answer.fetchedAt))).toBe(5);
  });

  it('puts back only the answers of reads that failed for want of a connection with nothing to show', () => {
    const answers = {
      'getHabits(undefined)': kept(1),
      'getGoals(undefined)': kept(2, 'getGoals'),
      'getSettings(undefined)': kept(3, 'getSettings'),
      'getMe(undefined)': kept(4, 'getMe'),
    };
    const cache = {
      'getHabits(undefined)': unreachable('getHabits'),
      // Still showing what it had: nothing to put back.
      'getGoals(undefined)': { ...unreachable('getGoals'), data: [] },
      // The server answered, with an error: that is not a missing connection.
      'getSettings(undefined)': { endpointName: 'getSettings', status: 'rejected', error: { status: 500, data: {} } },
    };
    expect(answersToRestore(answers, cache).map(([key]) => key)).toEqual(['getHabits(undefined)']);
  });

  it('reads back only what this build wrote for this user, and sign-out erases every user’s', () => {
    const { items } = memoryStorage({ theme: 'dark' });
    const answers = { 'getHabits(undefined)': kept(1) };
    writeAnswers('user-a', 'build-1', answers);
    writeAnswers('user-b', 'build-1', answers);
    expect(readAnswers('user-a', 'build-1')).toEqual(answers);
    expect(readAnswers('user-a', 'build-2')).toEqual({});
    items.set(answersKey('user-c'), '{"build":"build-1","answers":{"x":{"endpointName":"getAuditLog","fetchedAt":1,"data":1}}}');
    expect(readAnswers('user-c', 'build-1')).toEqual({});
    forgetAnswers();
    expect([...items.keys()]).toEqual(['theme']);
  });
});
