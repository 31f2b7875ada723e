import { randomUUID } from 'node:crypto';
import { messages } from '@tracker/contracts/messages';
import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import type { User } from '@tracker/contracts/users/http';
import { Conflict, Unauthorized, ValidationFailed } from '@tracker/domain/common/errors';
import { userDecider, type UserState } from '@tracker/domain/users/user.decider';
import { WrongExpectedVersion, type EventStore, type Position } from '@tracker/eventstore/port';
import type { CommandContext, CommandHandler } from '../commands/command-handler.ts';
import { derivedUuid } from '../commands/command-handler.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailStream, normaliseEmail, userStream } from './email-stream.ts';
import { hashToken, issueOneTimeToken, userIdOfToken } from './one-time-tokens.ts';
import type { PasswordHasher } from './passwords.ts';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
const ABANDONED_RESERVATION_MS = 5 * 60 * 1000;

type Registered = Extract<UserState, { status: 'registered' }>;

export interface Accounts {
  register(input: { name: string; email: string; password: string }, context: Omit<CommandContext, 'userId'>): Promise<{ userId: string; position?: Position | undefined }>;
  /** The user's profile on success; the same Unauthorized for an unknown e-mail and a wrong password. */
  login(input: { email: string; password: string }, context: Omit<CommandContext, 'userId'>): Promise<{ user: Omit<User, 'lastActive'>; position?: Position | undefined }>;
  updateProfile(
    input: { name?: string | undefined; timezone?: string | undefined; dateOfBirth?: string | null | undefined; currentPassword?: string | undefined; newPassword?: string | undefined },
    context: CommandContext,
  ): Promise<{ position?: Position | undefined; passwordChanged: boolean }>;
  requestPasswordReset(email: string, context: Omit<CommandContext, 'userId'>): Promise<void>;
  resetPassword(token: string, newPassword: string, context: Omit<CommandContext, 'userId'>): Promise<Position | undefined>;
  verifyEmail(token: string, context: Omit<CommandContext, 'userId'>): Promise<Position | undefined>;
}

export const createAccounts = (deps: {
  store: EventStore;
  commands: CommandHandler;
  passwords: PasswordHasher;
  mailer: Mailer;
  appUrl: string;
  log: { error(obj: object, msg: string): void };
}): Accounts => {
  const { store, commands, passwords, mailer } = deps;

  const findReservation = async (email: string): Promise<{ userId: string; at: number } | undefined> => {
    let found: { userId: string; at: number } | undefined;
    for await (const event of store.readStream(emailStream(email))) {
      if (event.type === 'EmailReserved') found = { userId: (event.data as { userId: string }).userId, at: event.createdAt.getTime() };
    }
    return found;
  };
  const reservedUserId = async (email: string): Promise<string | undefined> => (await findReservation(email))?.userId;

  const loadUser = async (userId: string): Promise<Registered | undefined> => {
    const { state } = await commands.load(userDecider, userStream(userId));
    return state.status === 'registered' ? state : undefined;
  };

  /** Reserve the address; an earlier reservation whose registration never landed may be taken over. */
  const reserveEmail = async (email: string, userId: string, context: Omit<CommandContext, 'userId'>): Promise<void> => {
    const stream = emailStream(email);
    const reservation = {
      id: context.idempotencyKey ? derivedUuid('register', context.idempotencyKey, stream) : randomUUID(),
      type: 'EmailReserved',
      data: { userId, email },
      metadata: { userId, correlationId: context.requestId, occurredAt: context.now.toISOString() },
    };
    try {
      await store.append(stream, [reservation], 'no_stream');
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      // Taken over only when the holder's registration evidently died half-way (no user long after).
      const holder = await findReservation(email);
      const abandoned = holder !== undefined && context.now.getTime() - holder.at > ABANDONED_RESERVATION_MS && (await loadUser(holder.userId)) === undefined;
      if (!abandoned) throw new Conflict(messages.emailTaken, 'email_taken');
      try {
        await store.append(stream, [reservation], error.actual === 'no_stream' ? 'no_stream' : error.actual);
      } catch (retryError) {
        if (retryError instanceof WrongExpectedVersion) throw new Conflict(messages.emailTaken, 'email_taken');
        throw retryError;
      }
    }
  };

  const sendVerification = (user: { email: string; name: string }, token: string): void => {
    const link = `${deps.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    mailer
      .send({
        to: user.email,
        subject: 'Confirm your e-mail address',
        text: `Hello ${user.name},\n\nConfirm your e-mail address for Points Tracker:\n${link}\n\nThe link works once and expires in 48 hours.`,
        link,
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'verification mail failed'));
  };

  return {
    async register(input, context) {
      const email = normaliseEmail(input.email);
      const userId = context.idempotencyKey ? derivedUuid('user', context.idempotencyKey, email) : randomUUID();
      const passwordHash = await passwords.hash(input.password);
      // Only a retried request (same Idempotency-Key) finds its user stream already written.
      const replay = (await commands.load(userDecider, userStream(userId))).exists;
      await reserveEmail(email, userId, context);
      const verification = issueOneTimeToken(userId);
      const ctx = { ...context, userId };
      const registered = await commands.execute(userDecider, userStream(userId), {
        type: 'RegisterUser', userId, name: input.name, email, passwordHash, timezone: DEFAULT_TIMEZONE,
      }, ctx);
      const requested = await commands.execute(userDecider, userStream(userId), {
        type: 'RequestEmailVerification',
        tokenHash: verification.tokenHash,
        expiresAt: new Date(context.now.getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString(),
      }, { ...ctx, idempotencyKey: context.idempotencyKey ? `${context.idempotencyKey}:verify` : undefined });
      // A replayed registration keeps the first token, so it mails nothing new.
      if (!replay) sendVerification({ email, name: input.name }, verification.token);
      return { userId, position: requested.position ?? registered.position };
    },

    async login(input, context) {
      const holder = await reservedUserId(input.email);
      const user = holder ? await loadUser(holder) : undefined;
      const ok = await passwords.verify(input.password, user?.passwordHash);
      if (!ok || !user) throw new Unauthorized(messages.invalidCredentials);
      if (!user.profile.isActive) throw new Unauthorized(messages.accountInactive);
      const result = await commands.execute(userDecider, userStream(user.profile.id), { type: 'RecordLogin' }, { ...context, userId: user.profile.id });
      const state = result.state as Registered;
      return { user: state.profile, position: result.position };
    },

    async updateProfile(input, context) {
      const stream = userStream(context.userId);
      let position: Position | undefined;
      if (input.newPassword !== undefined) {
        const user = await loadUser(context.userId);
        if (!user || !(await passwords.verify(input.currentPassword ?? '', user.passwordHash))) {
          throw new ValidationFailed(messages.currentPasswordWrong, 'currentPassword');
        }
        const passwordHash = await passwords.hash(input.newPassword);
        position = (await commands.execute(userDecider, stream, { type: 'ChangePassword', passwordHash }, context)).position;
      }
      const { name, timezone, dateOfBirth } = input;
      const updated = await commands.execute(userDecider, stream, { type: 'UpdateProfile', name, timezone, dateOfBirth }, {
        ...context,
        idempotencyKey: context.idempotencyKey ? `${context.idempotencyKey}:profile` : undefined,
      });
      return { position: updated.position ?? position, passwordChanged: input.newPassword !== undefined };
    },

    async requestPasswordReset(email, context) {
      const holder = await reservedUserId(email);
      const user = holder ? await loadUser(holder) : undefined;
      if (!user) return;
      const { token, tokenHash } = issueOneTimeToken(user.profile.id);
      await commands.execute(userDecider, userStream(user.profile.id), {
        type: 'RequestPasswordReset', tokenHash, expiresAt: new Date(context.now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      }, { ...context, userId: user.profile.id, idempotencyKey: undefined });
      const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: user.profile.email,
        subject: 'Reset your password',
        text: `Hello ${user.profile.name},\n\nReset your Points Tracker password here:\n${link}\n\nThe link works once and expires in one hour. If you did not ask for it, ignore this mail.`,
        link,
      });
    },

    async resetPassword(token, newPassword, context) {
      const userId = userIdOfToken(token);
      if (!userId || !(await loadUser(userId))) throw new ValidationFailed(messages.resetTokenInvalid, 'token');
      const passwordHash = await passwords.hash(newPassword);
      const result = await commands.execute(userDecider, userStream(userId), {
        type: 'ResetPassword', tokenHash: hashToken(token), passwordHash, now: context.now.toISOString(),
      }, { ...context, userId, idempotencyKey: undefined });
      return result.position;
    },

    async verifyEmail(token, context) {
      const userId = userIdOfToken(token);
      if (!userId || !(await loadUser(userId))) throw new ValidationFailed(messages.verifyTokenInvalid, 'token');
      const result = await commands.execute(userDecider, userStream(userId), {
        type: 'VerifyEmail', tokenHash: hashToken(token), now: context.now.toISOString(),
      }, { ...context, userId, idempotencyKey: undefined });
      return result.position;
    },
  };
};
