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
import { NotFound, Unauthorized, ValidationFailed } from '@tracker/domain/common/errors';
import type { User } from '@tracker/contracts/users/http';
import { findUserById } from '@tracker/projections/users/users.queries';
import { routesFor, type Route, type RouteInput } from '../http/api-router.ts';
import { commandAnswer } from '../commands/command-answer.ts';
import { commandContext } from '../http/command-context.ts';
import type { AuthServices } from './auth.feature.ts';
import { normaliseEmail } from './account-streams.ts';
import type { RateCheck } from './rate-limiter.ts';

const route = routesFor<AuthServices>();
/** Every auth answer carries the user's row: the users read model must have the command's events. */
const settles = ['users'];

const currentUser = async ({ db }: AuthServices, userId: string) => {
  const user = await findUserById(db, userId);
  if (!user) throw new NotFound('User not found');
  return user;
};

/**
 * The user as a command at `at` left them (read-your-writes): the read model's row once it has the
 * command's events, else the command's own profile, active at the command's instant.
 */
const userAfter = (services: AuthServices, settled: boolean, profile: Omit<User, 'lastActive'>, at: Date): Promise<User> =>
  commandAnswer(
    settled,
    () => findUserById(services.db, profile.id),
    () => ({ ...profile, lastActive: at.toISOString() }),
  );

/**
 * Failures counted per (e-mail, client address) — a stranger cannot lock the owner out — and per
 * address in steps of short windows (each step its own key: windows of different lengths may start
 * at the same instant) — an address is slowed down, not shut for everyone behind it.
 */
const loginChecks = ({ limits }: AuthServices, email: string, ip: string): [RateCheck, ...RateCheck[]] => [
  { key: `login-failures:email-ip:${normaliseEmail(email)}|${ip}`, rule: limits.loginFailuresPerEmailAndIp },
  ...limits.loginFailuresPerIp.map((rule) => ({ key: `login-failures:ip:${rule.windowSeconds}s:${ip}`, rule })),
];

/** Runs a password check under login protection: refused while over the limits, failures counted, a success clears its run. */
const guarded = async <T>(
  services: AuthServices,
  email: string,
  ctx: { ip: string; state: { now: Date } },
  attempt: () => Promise<T>,
  failed: (error: unknown) => boolean,
): Promise<T> => {
  const at = ctx.state.now;
  const checks = loginChecks(services, email, ctx.ip);
  await services.rateLimiter.check(checks, at);
  try {
    const result = await attempt();
    await services.rateLimiter.clear(checks[0], at);
    return result;
  } catch (error) {
    if (failed(error)) await services.rateLimiter.fail(checks, at);
    throw error;
  }
};

const updateProfile = async ({ body, ctx, services, settle }: RouteInput<unknown, unknown, typeof profileUpdateBody._output, AuthServices>) => {
  const update = () => services.accounts.updateProfile(body, commandContext(ctx));
  // A current-password check is a login attempt: same limits, same counters.
  const {
    user: profile,
    position,
    passwordChangedAt,
  } = body.newPassword === undefined
    ? await update()
    : await guarded(
        services,
        (await currentUser(services, ctx.state.userId)).email,
        ctx,
        update,
        (error) => error instanceof ValidationFailed && error.field === 'currentPassword',
      );
  const user = await userAfter(services, await settle(position), profile, ctx.state.now);
  // The session that made the change goes on, under the new password; every other one ends.
  return passwordChangedAt !== undefined ? { user, token: await services.tokens.sign(ctx.state.userId, passwordChangedAt) } : { user };
};

/** The profile update, one operation at each of its addresses: the signed-in user's and the profile's. */
const profileUpdateAt = (at: Pick<Route, 'name' | 'path' | 'summary' | 'tag'>) =>
  route({
    ...at,
    method: 'put',
    auth: true,
    // Name, e-mail and password are the account's: a personal API token may not change them (it could take the account over).
    sessionOnly: true,
    // A password change checks the current password under the login limits.
    errors: [429],
    body: profileUpdateBody,
    response: profileUpdateResponse,
    settles,
    handle: updateProfile,
  });

export const authRoutes = [
  route({
    name: 'register',
    method: 'post',
    path: '/auth/register',
    summary: 'Create an account',
    tag: 'auth',
    auth: false,
    errors: [429],
    body: registerBody,
    response: authResponse,
    status: 201,
    settles,
    handle: async ({ body, ctx, services, settle }) => {
      const { limits } = services;
      await services.rateLimiter.hit(
        [
          { key: `register:ip:${ctx.ip}`, rule: limits.registerPerIp },
          { key: `register:email:${normaliseEmail(body.email)}`, rule: limits.registerPerEmail },
        ],
        ctx.state.now,
      );
      const { userId, user, position } = await services.accounts.register(body, commandContext(ctx));
      return { token: await services.tokens.sign(userId, null), user: await userAfter(services, await settle(position, userId), user, ctx.state.now) };
    },
  }),
  route({
    name: 'login',
    method: 'post',
    path: '/auth/login',
    summary: 'Log in',
    tag: 'auth',
    auth: false,
    errors: [401, 429],
    body: loginBody,
    response: authResponse,
    settles,
    handle: async ({ body, ctx, services, settle }) => {
      const { user, passwordChangedAt, position } = await guarded(
        services,
        body.email,
        ctx,
        () => services.accounts.login(body, commandContext(ctx)),
        (error) => error instanceof Unauthorized,
      );
      return {
        token: await services.tokens.sign(user.id, passwordChangedAt),
        user: await userAfter(services, await settle(position, user.id), user, ctx.state.now),
      };
    },
  }),
  route({
    name: 'getMe',
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in user',
    tag: 'auth',
    auth: true,
    response: userResponse,
    handle: async ({ ctx, services }) => ({ user: await currentUser(services, ctx.state.userId) }),
  }),
  profileUpdateAt({ name: 'updateMe', path: '/auth/me', summary: 'Update the signed-in user', tag: 'auth' }),
  profileUpdateAt({ name: 'updateProfile', path: '/users/profile', summary: 'Update the profile', tag: 'users' }),
  route({
    name: 'forgotPassword',
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'Mail a password reset link',
    tag: 'auth',
    auth: false,
    errors: [429],
    body: forgotPasswordBody,
    response: messageResponse,
    handle: async ({ body, ctx, services }) => {
      const { limits } = services;
      // The asking address may be refused; the account may not: a stranger asking for it must
      // neither learn anything nor stop its owner's mails for long. Past the account's allowance the
      // answer is the same and nothing is mailed, until its short window has passed.
      await services.rateLimiter.hit([{ key: `forgot:ip:${ctx.ip}`, rule: limits.forgotPerIp }], ctx.state.now);
      const mail = await services.rateLimiter.allow([{ key: `forgot:email:${normaliseEmail(body.email)}`, rule: limits.forgotPerEmail }], ctx.state.now);
      // One event, the same whether or not the address has an account; the mail reactor does the rest.
      if (mail) await services.accounts.askPasswordReset(body.email, commandContext(ctx));
      return { message: messages.forgotPasswordSent };
    },
  }),
  route({
    name: 'resetPassword',
    method: 'post',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset token',
    tag: 'auth',
    auth: false,
    body: resetPasswordBody,
    response: messageResponse,
    settles,
    handle: async ({ body, ctx, services, settle }) => {
      await settle(await services.accounts.resetPassword(body.token, body.newPassword, commandContext(ctx)));
      return { message: messages.passwordReset };
    },
  }),
  route({
    name: 'verifyEmail',
    method: 'post',
    path: '/auth/verify-email',
    summary: 'Confirm the e-mail address',
    tag: 'auth',
    auth: false,
    body: verifyEmailBody,
    response: messageResponse,
    settles,
    handle: async ({ body, ctx, services, settle }) => {
      await settle(await services.accounts.verifyEmail(body.token, commandContext(ctx)));
      return { message: messages.emailVerified };
    },
  }),
];
