import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { id } from '../common/fields.ts';

// A user's calendar feed lives in one stream, `calendar-<userId>`. The feed's secret is derived
// from `feedId` under the server secret (never stored); the log and the read model keep only its
// SHA-256 (`secretHash`, hex), by which a request's secret is looked up. A rotation issues a new
// feedId: the URL of the one before no longer matches anything.

const secretHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
const issued = { userId: id, feedId: id, secretHash };

/** The user's first feed URL: issued when they first ask for it. */
export const calendarFeedIssued = defineEvent('CalendarFeedIssued', z.object(issued));
/** A new feed URL replaces `previousFeedId`'s, which answers 404 from then on. */
export const calendarFeedRotated = defineEvent('CalendarFeedRotated', z.object({ ...issued, previousFeedId: id }));

export const calendarEvents = [calendarFeedIssued, calendarFeedRotated] as const;
export type CalendarEvent = z.infer<(typeof calendarEvents)[number]>;
