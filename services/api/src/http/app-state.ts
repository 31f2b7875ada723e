import type { Logger } from 'pino';

/** What middlewares put on ctx.state. */
export interface AppState {
  requestId: string;
  /** The request's instant, from the app's clock: commands get time from here, never from Date. */
  now: Date;
  log: Logger;
  /** Set by requireAuth; always from the token, never from a body. */
  userId: string;
  /** Set by requireAuth: the user's time zone, for events where the local day matters. */
  timezone?: string;
  body: unknown;
}
