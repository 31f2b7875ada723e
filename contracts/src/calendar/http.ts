import { z } from 'zod';

/** GET /calendar/feed-url and POST /calendar/feed-url/rotate: the caller's private iCalendar feed. */
export const feedUrlResponse = z.object({
  /** Absolute; its last segment is the secret (whoever has the URL reads the feed: no token needed). */
  url: z.string(),
});
export type FeedUrlResponse = z.infer<typeof feedUrlResponse>;

/**
 * The feed's path parameter as the router hands it over: any text (a secret of the wrong shape, or
 * one no feed has, is a 404 like every unknown feed — the answer says nothing about why).
 */
export const feedParams = z.object({ secret: z.string() });

/** The feed's body: an iCalendar object (RFC 5545), text/calendar. */
export const feedBody = z.string();

export const calendarMessages = {
  feedNotFound: 'Calendar feed not found',
} as const;
