import type { LeaderboardEntry, leaderboardResponse } from '@tracker/contracts/points/http';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';

/** In the manner of spec.md §8's fallback texts (it names none for the leaderboard). */
export const leaderboardFailure = 'Failed to fetch leaderboard';

/** How many places the screen shows (the route allows up to 100; spec.md §9's default is 10). */
export const LEADERBOARD_SIZE = 25;

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<LeaderboardEntry[], number>({
      query: (limit) => ({ url: '/points/leaderboard', params: { limit } }),
      transformResponse: (response: z.infer<typeof leaderboardResponse>) => response.leaderboard,
      // Any completion moves points: the dashboard's completions invalidate 'Points'.
      providesTags: ['Points'],
    }),
  }),
});

export const { useGetLeaderboardQuery } = leaderboardApi;
