import { feedUrlResponse } from '@tracker/contracts/calendar/http';
import { api } from '../../../lib/api/api.ts';
import { checkedQuery, type Reading } from '../../../lib/api/checked-query.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';

export const calendarFeedFailures = {
  fetch: 'Failed to fetch the calendar feed address',
  rotate: 'Failed to make a new calendar feed address',
} as const;

const readUrl = (answer: unknown): Reading<string> => {
  const parsed = feedUrlResponse.safeParse(answer);
  return parsed.success ? { data: parsed.data.url } : { error: 'Invalid response format from server' };
};

/** GET /calendar/feed-url (the first ask issues the feed) and POST /calendar/feed-url/rotate; a rotation's URL replaces the one on screen. */
export const calendarFeedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeedUrl: build.query<string, void>({
      queryFn: checkedQuery({ request: () => '/calendar/feed-url', read: readUrl }),
    }),
    rotateCalendarFeedUrl: build.mutation<string, void>({
      queryFn: checkedQuery({
        // One key per click: a retried request rotates once.
        request: () => ({ url: '/calendar/feed-url/rotate', method: 'POST', headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } }),
        read: readUrl,
      }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data: url } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (url !== undefined) void dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeedUrl', undefined, url));
      },
    }),
  }),
});

export const { useGetCalendarFeedUrlQuery, useRotateCalendarFeedUrlMutation } = calendarFeedApi;
