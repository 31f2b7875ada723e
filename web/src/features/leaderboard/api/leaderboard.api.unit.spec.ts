import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { signedInStore } from '../../../testing/signed-in-store.ts';
import { leaderboardApi, leaderboardFailure } from './leaderboard.api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the leaderboard', () => {
  it('asks GET /points/leaderboard with the limit and reads {leaderboard}', async () => {
    const entry = { rank: 1, name: 'Ada Lovelace', totalPoints: 120, isCurrentUser: true };
    const urls: string[] = [];
    fakeApi({ 'GET /api/points/leaderboard': () => ({ status: 200, body: { leaderboard: [entry] } }) });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (request: Request) => {
      urls.push(request.url);
      return inner(request);
    });
    const result = await signedInStore().dispatch(leaderboardApi.endpoints.getLeaderboard.initiate(10));
    expect(new URL(urls[0]!).search).toBe('?limit=10');
    expect(result.data).toEqual([entry]);
  });

  it("shows 'Failed to fetch leaderboard' when the server gives no message", async () => {
    fakeApi({ 'GET /api/points/leaderboard': () => ({ status: 500 }) });
    const result = await signedInStore().dispatch(leaderboardApi.endpoints.getLeaderboard.initiate(10));
    expect(errorMessage(result.error, leaderboardFailure)).toBe('Failed to fetch leaderboard');
  });
});
