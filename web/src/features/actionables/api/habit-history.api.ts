import { habitHistoryResponse } from '@tracker/contracts/actionables/http';
import { api } from '../../../lib/api/api.ts';
import { checkedQuery, type Reading } from '../../../lib/api/checked-query.ts';
import type { HabitDay } from '../model/habit-record.ts';

/** A habit's days to read: both ends included, at most 366 days (the server's limit). */
export interface HistoryArgs {
  habitId: string;
  startDate: string;
  endDate: string;
}

export const historyFailure = 'Failed to fetch the habit’s history';

/** Every habit's history, refreshed when a freeze comes or goes (a completion refreshes its own habit's by its Actionable tag). */
export const historiesTag = { type: 'Habit' as const, id: 'HISTORY' };

const readHistory = (answer: unknown): Reading<HabitDay[]> => {
  const parsed = habitHistoryResponse.safeParse(answer);
  return parsed.success ? { data: parsed.data.history } : { error: 'Invalid response format from server' };
};

export const habitHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /actionables/habits/{id}/history: each day's state (done, missed, frozen, backfilled, due, notDue). */
    getHabitHistory: build.query<HabitDay[], HistoryArgs>({
      queryFn: checkedQuery({
        request: ({ habitId, startDate, endDate }: HistoryArgs) => ({
          url: `/actionables/habits/${encodeURIComponent(habitId)}/history`,
          params: { startDate, endDate },
        }),
        read: readHistory,
      }),
      // Completing, taking back, backfilling or editing the habit invalidate its Actionable tag.
      providesTags: (_result, _error, { habitId }) => [{ type: 'Actionable', id: habitId }, historiesTag],
    }),
  }),
});

export const { useGetHabitHistoryQuery } = habitHistoryApi;
