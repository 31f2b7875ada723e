import type { Middleware } from 'koa';
import { messages } from '@tracker/contracts/messages';
import { Unauthorized } from '@tracker/domain/common/errors';
import type { AppState } from '../http/app-state.ts';
import type { TokenService } from './jwt.ts';
import type { SessionFactsReader } from './session-facts.ts';

/**
 * Bearer JWT → ctx.state.userId (and the user's time zone, read in the same query); the user id never
 * comes from anywhere else. A token issued before
 * the account's last password change, or for an account that is gone or deactivated, is refused.
 */
export const requireAuth =
  (tokens: TokenService, sessions: SessionFactsReader): Middleware<AppState> =>
  async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new Unauthorized(messages.authTokenRequired);
    const { userId, issuedAt } = await tokens.verify(match[1]!);
    const facts = await sessions.find(userId);
    const changedAt = facts?.password_changed_at ? Math.floor(facts.password_changed_at.getTime() / 1000) : 0;
    if (!facts || !facts.is_active || issuedAt < changedAt) throw new Unauthorized(messages.invalidToken);
    ctx.state.userId = userId;
    ctx.state.timezone = facts.timezone;
    await next();
  };
