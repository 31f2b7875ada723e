import { randomUUID } from 'node:crypto';
import { messages } from '@tracker/contracts/messages';
import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import type { EventMetadata } from '@tracker/contracts/common/events';
import { ANONYMOUS_USER_ID, type PasswordResetAsked, type UserEvent } from '@tracker/contracts/users/events';
import type { User } from '@tracker/contracts/users/http';
import { Conflict, Unauthorized, ValidationFailed } from '@tracker/domain/common/errors';
import { userDecider, type UserState } from '@tracker/domain/users/user.decider';
import { WrongExpectedVersion, type EventStore, type Position } from '@tracker/eventstore/port';
import type { CommandContext, CommandHandler } from '../commands/command-handler.ts';
import { derivedUuid } from '../commands/command-handler.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailHash, emailStream, emailStreamOfHash, normaliseEmail, resetAskStream, userStream } from './account-streams.ts';
import { derivedOneTimeToken, hashToken, userIdOfToken, type SecretDerivation } from './one-time-tokens.ts';
import type { PasswordHasher } from './passwords.ts';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
const ABANDONED_RESERVATION_MS = 5 * 60 * 1000;

type Registered = Extract<UserState, { status: 'registered' }>;

/** The event a mail reactor acts on: its id names what the effect appends and the token it mails. */
export interface MailCause<Data> {
  id: string;
  data: Data;
  metadata: Pick<EventMetadata, 'correlationId' | 'occurredAt'>;
}
type UserRegisteredData = Extract<UserEvent, { type: 'UserRegistered' }>['data'];

export interface Accounts {
  register(
    input: { name: string; email: string; password: string; timezone?: string | undefined },
    context: Omit<CommandContext, 'userId'>,
  ): Promise<{ userId: string; user: Omit<User, 'lastActive'>; position?: Position | undefined }>;
  /**
   * The user's profile and the password change the session is issued under (that of the password
   * just checked) on success; the same Unauthorized for an unknown e-mail and a wrong password.
   */
  login(
    input: { email: string; password: string },
    context: Omit<CommandContext, 'userId'>,
  ): Promise<{ user: Omit<User, 'lastActive'>; passwordChangedAt: string | null; position?: Position | undefined }>;
  /** `passwordChangedAt` is set when the password changed: the change the new session is issued under. */
  updateProfile(
    input: {
      name?: string | undefined;
      timezone?: string | undefined;
      dateOfBirth?: string | null | undefined;
      currentPassword?: string | undefined;
      newPassword?: string | undefined;
    },
    context: CommandContext,
  ): Promise<{ user: Omit<User, 'lastActive'>; position?: Position | undefined; passwordChangedAt?: string | undefined }>;
  /** Forgot-password's whole work in the request: one event, the same whether or not an account has the address. */
  askPasswordReset(email: string, context: Omit<CommandContext, 'userId'>): Promise<void>;
  /** Mail reactor, on UserRegistered: issue the verification token (once per cause) and mail it. */
  mailVerificationAsEffectOf(cause: MailCause<UserRegisteredData>): Promise<void>;
  /** Mail reactor, on PasswordResetAsked: when an account has the address, issue a reset token (once per cause) and mail it. */
  mailPasswordResetAsEffectOf(cause: MailCause<PasswordResetAsked['data']>): Promise<void>;
  resetPassword(token: string, newPassword: string, context: Omit<CommandContext, 'userId'>): Promise<Position | undefined>;
  verifyEmail(token: string, context: Omit<CommandContext, 'userId'>): Promise<Position | undefined>;
}

export const createAccounts = (deps: {
  store: EventStore;
  commands: CommandHandler;
  passwords: PasswordHasher;
  mailer: Mailer;
  appUrl: string;
  deriveFromSecret: SecretDerivation;
}): Accounts => {
  const { store, commands, passwords, mailer } = deps;

  const findReservationIn = async (stream: string): Promise<{ userId: string; at: number } | undefined> => {
    let found: { userId: string; at: number } | undefined;
    for await (const event of store.readStream(stream)) {
      if (event.type === 'EmailReserved') found = { userId: (event.data as { userId: string }).userId, at: event.createdAt.getTime() };
    }
    return found;
  };
  const findReservation = async (email: string): Promise<{ userId: string; at: number } | undefined> => findReservationIn(emailStream(email));
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

  /**
   * A reactor's command: ids derived from the cause (`mail:<event id>`), time taken from it, so a
   * repeat after a crash decides the same events and the store hands back the first append.
   */
  const effectContext = (cause: MailCause<unknown>, userId: string): CommandContext => ({
    userId,
    requestId: cause.metadata.correlationId,
    causationId: cause.id,
    now: new Date(cause.metadata.occurredAt),
    idempotencyKey: `mail:${cause.id}`,
  });
  const expiresAfter = (cause: MailCause<unknown>, ms: number): string => new Date(Date.parse(cause.metadata.occurredAt) + ms).toISOString();

  return {
    async register(input, context) {
      const email = normaliseEmail(input.email);
      const userId = context.idempotencyKey ? derivedUuid('user', context.idempotencyKey, email) : randomUUID();
      const passwordHash = await passwords.hash(input.password);
      await reserveEmail(email, userId, context);
      // The verification mail is the mail reactor's work (on UserRegistered), not the request's.
      const registered = await commands.execute(
        userDecider,
        userStream(userId),
        {
          type: 'RegisterUser',
          userId,
          name: input.name,
          email,
          passwordHash,
          timezone: input.timezone ?? DEFAULT_TIMEZONE,
        },
        { ...context, userId },
      );
      return { userId, user: (registered.state as Registered).profile, position: registered.position };
    },

    async login(input, context) {
      const holder = await reservedUserId(input.email);
      const user = holder ? await loadUser(holder) : undefined;
      const ok = await passwords.verify(input.password, user?.passwordHash);
      if (!ok || !user) throw new Unauthorized(messages.invalidCredentials);
      if (!user.profile.isActive) throw new Unauthorized(messages.accountInactive);
      const result = await commands.execute(userDecider, userStream(user.profile.id), { type: 'RecordLogin' }, { ...context, userId: user.profile.id });
      const state = result.state as Registered;
      return { user: state.profile, passwordChangedAt: user.passwordChangedAt, position: result.position };
    },

    async updateProfile(input, context) {
      const stream = userStream(context.userId);
      let position: Position | undefined;
      let passwordChangedAt: string | undefined;
      if (input.newPassword !== undefined) {
        const user = await loadUser(context.userId);
        if (!user || !(await passwords.verify(input.currentPassword ?? '', user.passwordHash))) {
          throw new ValidationFailed(messages.currentPasswordWrong, 'currentPassword');
        }
        const passwordHash = await passwords.hash(input.newPassword);
        const changed = await commands.execute(userDecider, stream, { type: 'ChangePassword', passwordHash }, context);
        position = changed.position;
        passwordChangedAt = (changed.state as Registered).passwordChangedAt ?? undefined;
      }
      const { name, timezone, dateOfBirth } = input;
      const updated = await commands.execute(
        userDecider,
        stream,
        { type: 'UpdateProfile', name, timezone, dateOfBirth },
        {
          ...context,
          idempotencyKey: context.idempotencyKey ? `${context.idempotencyKey}:profile` : undefined,
        },
      );
      return { user: (updated.state as Registered).profile, position: updated.position ?? position, passwordChangedAt };
    },

    async askPasswordReset(email, context) {
      // No lookup here: whether an account has the address is the reactor's question, so the
      // request's work never depends on it.
      await store.append(
        resetAskStream(randomUUID()),
        [
          {
            id: randomUUID(),
            type: 'PasswordResetAsked',
            data: { emailHash: emailHash(email) },
            metadata: { userId: ANONYMOUS_USER_ID, correlationId: context.requestId, occurredAt: context.now.toISOString() },
          },
        ],
        'no_stream',
      );
    },

    async mailVerificationAsEffectOf(cause) {
      const { userId } = cause.data;
      const user = await loadUser(userId);
      const { token, tokenHash } = derivedOneTimeToken(deps.deriveFromSecret, userId, 'verify', cause.id);
      // Nothing to mail once verified, nor when another token is outstanding: accounts registered
      // before this reactor existed were mailed by their request, and must not be mailed again
      // when it first runs through the log.
      if (!user || user.profile.emailVerified || Object.keys(user.verificationTokens).some((hash) => hash !== tokenHash)) return;
      await commands.execute(
        userDecider,
        userStream(userId),
        {
          type: 'RequestEmailVerification',
          tokenHash,
          expiresAt: expiresAfter(cause, VERIFICATION_TOKEN_TTL_MS),
        },
        effectContext(cause, userId),
      );
      const link = `${deps.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: user.profile.email,
        subject: 'Confirm your e-mail address',
        text: `Hello ${user.profile.name},\n\nConfirm your e-mail address for Points Tracker:\n${link}\n\nThe link works once and expires in 48 hours.`,
        link,
      });
    },

    async mailPasswordResetAsEffectOf(cause) {
      const holder = await findReservationIn(emailStreamOfHash(cause.data.emailHash));
      const user = holder ? await loadUser(holder.userId) : undefined;
      if (!user) return; // no account has the address: nobody to mail
      const userId = user.profile.id;
      const { token, tokenHash } = derivedOneTimeToken(deps.deriveFromSecret, userId, 'reset', cause.id);
      await commands.execute(
        userDecider,
        userStream(userId),
        {
          type: 'RequestPasswordReset',
          tokenHash,
          expiresAt: expiresAfter(cause, RESET_TOKEN_TTL_MS),
        },
        effectContext(cause, userId),
      );
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
      const result = await commands.execute(
        userDecider,
        userStream(userId),
        {
          type: 'ResetPassword',
          tokenHash: hashToken(token),
          passwordHash,
          now: context.now.toISOString(),
        },
        { ...context, userId, idempotencyKey: undefined },
      );
      return result.position;
    },

    async verifyEmail(token, context) {
      const userId = userIdOfToken(token);
      if (!userId || !(await loadUser(userId))) throw new ValidationFailed(messages.verifyTokenInvalid, 'token');
      const result = await commands.execute(
        userDecider,
        userStream(userId),
        {
          type: 'VerifyEmail',
          tokenHash: hashToken(token),
          now: context.now.toISOString(),
        },
        { ...context, userId, idempotencyKey: undefined },
      );
      return result.position;
    },
  };
};
