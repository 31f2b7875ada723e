import type { Logger } from 'pino';
import type { ApiTokenScope } from '@tracker/contracts/api-tokens/http';
import type { clockOfCalendar, UserCalendar } from '@tracker/domain/time/user-calendar';

/** A signed-in request's clock: the instant, today in the user's calendar, its zone and when it ends. */
export type RequestClock = ReturnType<typeof clockOfCalendar>;

/** What middlewares put on ctx.state. */
export interface AppState {
  requestId: string;
  /** The request's instant, from the app's clock: commands get time from here, never from Date. */
  now: Date;
  log: Logger;
  /** Set by requireAuth; always from the token, never from a body. */
  userId: string;
  /** Set by requireAuth: what authenticated the request — a session (JWT) or a personal API token and its scopes. */
  credential?: { kind: 'session' } | { kind: 'apiToken'; tokenId: string; scopes: readonly ApiTokenScope[] };
  /**
   * Set by requireAuth: the zone the user's today counts in (their calendar's: a new zone waits for
   * today's end), the default zone of their reads.
   */
  timezone?: string;
  /** Set by requireAuth, once per request: today in the user's calendar. Every route reads today here. */
  clock?: RequestClock;
  /** Set by requireAuth: the user's calendar as of the request (today, and what the days after count in). */
  calendar?: UserCalendar;
  body: unknown;
  /** The path the request's log line shows, when the real one carries a secret (a calendar feed's URL). */
  loggedPath?: string;
}
