import type { Middleware } from 'koa';
import { messages } from '@tracker/contracts/messages';
import { DEFAULT_DAY_START_HOUR } from '@tracker/contracts/constants';
import { Unauthorized } from '@tracker/domain/common/errors';
import { calendarOrStart } from '@tracker/domain/settings/calendar-changes';
import { calendarAt, clockOfCalendar } from '@tracker/domain/time/user-calendar';
import type { AppState } from '../http/app-state.ts';
import type { Session, TokenService } from './jwt.ts';
import type { SessionFactsReader } from './session-facts.ts';

/**
 * Whether a session was issued under the account's current password. A session carries the change it was
 * issued under (the login's, or the change that issued it), so a later change ends it whatever the
 * clocks said: compared by issue time in whole seconds, a session issued in the very second of a
 * change survived it. Tokens from before that claim fall back to the issue second (they expire).
 */
const issuedUnderCurrentPassword = (session: Session, passwordChangedAt: Date | null): boolean => {
  const changedAt = passwordChangedAt?.getTime() ?? 0;
  return session.passwordChangedAt !== undefined ? session.passwordChangedAt >= changedAt : session.issuedAt >= Math.floor(changedAt / 1000);
};

/**
 * Bearer JWT → ctx.state.userId, and the request's one clock: today in the user's calendar (read in
 * the same query), computed here once for every route. The user id never comes from anywhere else. A session issued under an earlier password than the account's, or for an
 * account that is gone or deactivated, is refused.
 */
export const requireAuth =
  (tokens: TokenService, sessions: SessionFactsReader): Middleware<AppState> =>
  async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new Unauthorized(messages.authTokenRequired);
    const session = await tokens.verify(match[1]!);
    const { userId } = session;
    const facts = await sessions.find(userId);
    if (!facts || !facts.is_active || !issuedUnderCurrentPassword(session, facts.password_changed_at)) throw new Unauthorized(messages.invalidToken);
    ctx.state.userId = userId;
    const { now } = ctx.state;
    // A calendar the read model has not folded yet (a row from before calendars): begun now in the user's zone.
    const calendar = calendarAt(
      calendarOrStart(facts.calendar, now, { zone: facts.timezone, dayStartHour: facts.day_start_hour ?? DEFAULT_DAY_START_HOUR }),
      now,
    );
    ctx.state.calendar = calendar;
    ctx.state.clock = clockOfCalendar(calendar, now);
    ctx.state.timezone = ctx.state.clock.timezone;
    await next();
  };
