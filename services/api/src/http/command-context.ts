import type { Clock } from '@tracker/domain/time/local-date';
import type { CommandContext } from '../commands/command-handler.ts';
import { HttpError } from './problem.ts';
import type { ApiContext } from './api-router.ts';

const KEY = /^[A-Za-z0-9._:-]{1,200}$/;

/** The command context of a request: the token's user and clock, the request id, the clock, the Idempotency-Key. */
export const commandContext = (ctx: ApiContext): CommandContext => {
  const key = ctx.get('idempotency-key');
  if (key && !KEY.test(key)) throw new HttpError(400, 'Idempotency-Key must be 1–200 letters, digits or . _ : -', 'validation_failed');
  const { clock } = ctx.state;
  return {
    userId: ctx.state.userId,
    requestId: ctx.state.requestId,
    now: ctx.state.now,
    idempotencyKey: key || undefined,
    // Signed-in requests have the user's clock (requireAuth computed it once, from their calendar); the local day is recorded with the events.
    ...(clock ? { clock: { at: clock.at, timezone: clock.timezone, localDate: clock.localDate } } : {}),
  };
};

/**
 * A signed-in route's command context, with the user's clock that requireAuth computed: no route
 * computes today again. A route that is not signed in has no clock, and asking for one is a mistake.
 */
export const signedInContext = (ctx: ApiContext): CommandContext & { clock: Clock } => {
  const context = commandContext(ctx);
  if (!context.clock) throw new Error('signedInContext on a route that is not signed in (auth: true gives the user’s clock)');
  return { ...context, clock: context.clock };
};
