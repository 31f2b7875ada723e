import type { Middleware } from 'koa';
import { messages } from '@tracker/contracts/messages';
import { Unauthorized } from '@tracker/domain/common/errors';
import type { AppState } from '../http/app-state.ts';
import type { TokenService } from './jwt.ts';

/** Bearer JWT → ctx.state.userId. The user id never comes from anywhere else. */
export const requireAuth = (tokens: TokenService): Middleware<AppState> => async (ctx, next) => {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new Unauthorized(messages.authTokenRequired);
  ctx.state.userId = await tokens.verify(match[1]!);
  await next();
};
