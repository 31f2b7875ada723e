import type { ApiContext } from './api-router.ts';
import type { RequestClock } from './app-state.ts';

/** A signed-in request's clock: today in the user's calendar, as requireAuth computed it once for the request. */
export const requestClock = (ctx: ApiContext): RequestClock => {
  const { clock } = ctx.state;
  if (!clock) throw new Error('requestClock: only signed-in routes have a clock (requireAuth sets it)');
  return clock;
};
