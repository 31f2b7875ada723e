import type { Middleware } from 'koa';
import { messages } from '@tracker/contracts/messages';
import { DEFAULT_DAY_START_HOUR } from '@tracker/contracts/constants';
import { Unauthorized } from '@tracker/domain/common/errors';
import { calendarOrStart } from '@tracker/domain/settings/calendar-changes';
import { calendarAt, clockOfCalendar } from '@tracker/domain/time/user-calendar';
import type { ApiTokenAuthenticator } from '../api-tokens/api-token-authenticator.ts';
import { isApiToken } from '../api-tokens/api-token-secret.ts';
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
 * Bearer JWT or personal API token (`pt_…`, told apart by its prefix) → ctx.state.userId and
 * ctx.state.credential, and the request's one clock: today in the user's calendar (read in
 * the same query), computed here once for every route. The user id never comes from anywhere else. A session issued under an earlier password than the account's, or for an
 * account that is gone or deactivated, is refused; so is a token of such an account. A token
 * outlives a password change (the scripts that use it go on; it is listed, and revoked, in settings).
 */
export const requireAuth =
  (tokens: TokenService, sessions: SessionFactsReader, apiTokens: ApiTokenAuthenticator): Middleware<AppState> =>
  async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new Unauthorized(messages.authTokenRequired);
    const bearer = match[1]!;
    const { now } = ctx.state;
    const viaToken = isApiToken(bearer) ? await apiTokens.authenticate(bearer, now) : undefined;
    const session = viaToken ? undefined : await tokens.verify(bearer);
    const userId = viaToken?.userId ?? session!.userId;
    const facts = await sessions.find(userId);
    if (!facts || !facts.is_active || (session && !issuedUnderCurrentPassword(session, facts.password_changed_at)))
      throw new Unauthorized(messages.invalidToken);
    ctx.state.userId = userId;
    ctx.state.credential = viaToken ? { kind: 'apiToken', tokenId: viaToken.tokenId, scopes: viaToken.scopes } : { kind: 'session' };
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
