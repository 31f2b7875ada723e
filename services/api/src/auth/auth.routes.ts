import { messages } from '@tracker/contracts/messages';
import {
  authResponse,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  profileUpdateBody,
  profileUpdateResponse,
  registerBody,
  resetPasswordBody,
  userResponse,
  verifyEmailBody,
} from '@tracker/contracts/users/http';
import { NotFound } from '@tracker/domain/common/errors';
import { findUserById } from '@tracker/projections/users/users.queries';
import type { ReadModelDb } from '@tracker/projections/db';
import type { Config } from '../config/config.ts';
import type { CommandHandler } from '../commands/command-handler.ts';
import type { ApiContext, ApiRouter } from '../http/api-router.ts';
import { commandContext } from '../http/command-context.ts';
import type { Accounts } from './accounts.ts';
import { normaliseEmail } from './email-stream.ts';
import type { TokenService } from './jwt.ts';
import type { RateLimiter } from './rate-limiter.ts';

export const registerAuthRoutes = (
  router: ApiRouter,
  deps: { accounts: Accounts; tokens: TokenService; commands: CommandHandler; db: ReadModelDb; rateLimiter: RateLimiter; limits: Config['rateLimits'] },
): void => {
  const { accounts, tokens, commands, db, rateLimiter, limits } = deps;

  const currentUser = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFound('User not found');
    return user;
  };

  const updateProfile = async (ctx: ApiContext) => {
    const body = profileUpdateBody.parse(ctx.state.body ?? {});
    const { position, passwordChanged } = await accounts.updateProfile(body, commandContext(ctx));
    await commands.settle(position);
    const user = await currentUser(ctx.state.userId);
    ctx.body = passwordChanged ? { user, token: await tokens.sign(ctx.state.userId) } : { user };
  };

  router.route(
    { method: 'post', path: '/auth/register', summary: 'Create an account', tag: 'auth', auth: false, body: registerBody, response: authResponse, status: 201 },
    async (ctx) => {
      const body = registerBody.parse(ctx.state.body ?? {});
      await rateLimiter.hit([
        { key: `register:ip:${ctx.ip}`, rule: limits.registerPerIp },
        { key: `register:email:${normaliseEmail(body.email)}`, rule: limits.registerPerEmail },
      ]);
      const { userId, position } = await accounts.register(body, commandContext(ctx));
      await commands.settle(position);
      ctx.status = 201;
      ctx.body = { token: await tokens.sign(userId), user: await currentUser(userId) };
    },
  );

  router.route(
    { method: 'post', path: '/auth/login', summary: 'Log in', tag: 'auth', auth: false, body: loginBody, response: authResponse },
    async (ctx) => {
      const body = loginBody.parse(ctx.state.body ?? {});
      await rateLimiter.hit([
        { key: `login:ip:${ctx.ip}`, rule: limits.loginPerIp },
        { key: `login:email:${normaliseEmail(body.email)}`, rule: limits.loginPerEmail },
      ]);
      const { user, position } = await accounts.login(body, commandContext(ctx));
      await commands.settle(position);
      ctx.body = { token: await tokens.sign(user.id), user: (await findUserById(db, user.id)) ?? { ...user, lastActive: user.lastLoginAt } };
    },
  );

  router.route(
    { method: 'get', path: '/auth/me', summary: 'The signed-in user', tag: 'auth', auth: true, response: userResponse },
    async (ctx) => {
      ctx.body = { user: await currentUser(ctx.state.userId) };
    },
  );
  router.route(
    { method: 'put', path: '/auth/me', summary: 'Update the signed-in user', tag: 'auth', auth: true, body: profileUpdateBody, response: profileUpdateResponse },
    updateProfile,
  );
  router.route(
    { method: 'put', path: '/users/profile', summary: 'Update the profile', tag: 'users', auth: true, body: profileUpdateBody, response: profileUpdateResponse },
    updateProfile,
  );

  router.route(
    { method: 'post', path: '/auth/forgot-password', summary: 'Mail a password reset link', tag: 'auth', auth: false, body: forgotPasswordBody, response: messageResponse },
    async (ctx) => {
      const body = forgotPasswordBody.parse(ctx.state.body ?? {});
      await rateLimiter.hit([
        { key: `forgot:ip:${ctx.ip}`, rule: limits.forgotPerIp },
        { key: `forgot:email:${normaliseEmail(body.email)}`, rule: limits.forgotPerEmail },
      ]);
      // Answered before the work is done, so neither the body nor the timing tells whether the address exists.
      const context = commandContext(ctx);
      void accounts.requestPasswordReset(body.email, context).catch((error: unknown) =>
        ctx.state.log.error({ err: error }, 'password reset request failed'),
      );
      ctx.body = { message: messages.forgotPasswordSent };
    },
  );

  router.route(
    { method: 'post', path: '/auth/reset-password', summary: 'Set a new password with a reset token', tag: 'auth', auth: false, body: resetPasswordBody, response: messageResponse },
    async (ctx) => {
      const body = resetPasswordBody.parse(ctx.state.body ?? {});
      await commands.settle(await accounts.resetPassword(body.token, body.newPassword, commandContext(ctx)));
      ctx.body = { message: messages.passwordReset };
    },
  );

  router.route(
    { method: 'post', path: '/auth/verify-email', summary: 'Confirm the e-mail address', tag: 'auth', auth: false, body: verifyEmailBody, response: messageResponse },
    async (ctx) => {
      const body = verifyEmailBody.parse(ctx.state.body ?? {});
      await commands.settle(await accounts.verifyEmail(body.token, commandContext(ctx)));
      ctx.body = { message: messages.emailVerified };
    },
  );
};
