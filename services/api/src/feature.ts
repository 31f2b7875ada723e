import type { Logger } from 'pino';
import type { EventStore } from '@tracker/eventstore/port';
import type { ReadModelDb } from '@tracker/projections/db';
import type { OperationalTables, OpsDb } from '@tracker/projections/ops-db';
import type { ProjectionProgress } from '@tracker/projections/progress';
import type { LaneMember, ProjectorFailure } from '@tracker/projections/runner';
import type { TokenService } from './auth/jwt.ts';
import type { SecretDerivation } from './auth/one-time-tokens.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import type { CommandHandler } from './commands/command-handler.ts';
import type { Config } from './config/config.ts';
import type { AnyRoute } from './http/api-router.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every feature may build on: the process's shared parts. */
export interface AppServices {
  config: Pick<
    Config,
    'appUrl' | 'rateLimits' | 'readYourWritesTimeoutMs' | 'answerCacheMb' | 'readyMaxLagMs' | 'accountMaxActionables' | 'webhooks' | 'reminders' | 'apiTokens'
  >;
  log: Logger;
  store: EventStore;
  db: ReadModelDb;
  ops: OpsDb;
  progress: ProjectionProgress;
  commands: CommandHandler;
  tokens: TokenService;
  /** HMAC under the server secret, for values that must be unguessable yet the same on every repeat; the secret itself is not shared. */
  deriveFromSecret: SecretDerivation;
  passwords: PasswordHasher;
  mailer: Mailer;
  /** The process's clock (tests drive it): what workers that act at a time of day read. */
  clock: () => Date;
  /** Every projector of the read side, by name. */
  projectorNames: readonly string[];
  /** Every route the app serves (for /api/openapi.json). */
  routes(): readonly AnyRoute[];
  /** Every feature's tags (for /api/openapi.json). */
  tags(): Readonly<Record<string, string>>;
  /** Projectors stopped at an event they cannot apply, when the runner is in this process. */
  projectionFailures(): ProjectorFailure[];
}

/**
 * One feature of the API: its routes, the services they share, and its reactors (work on the log
 * that spans streams). The app, the runner and the docs list features, never their files.
 */
export interface ApiFeature<Services = unknown> {
  name: string;
  /** The API description's groups this feature's routes are tagged with: name → what the group is. */
  tags: Readonly<Record<string, string>>;
  services(app: AppServices): Services;
  routes: readonly AnyRoute<Services>[];
  /** Run by the projection runner, each in a lane of its own, checkpointed in the operational schema. */
  reactors?(services: Services, app: AppServices): LaneMember<OperationalTables>[];
  /**
   * Long-running work beside the reactors, started where they run (not in an API-only process) and
   * stopped before the pools close: e.g. sending an outbox the reactors fill (webhooks).
   */
  workers?(services: Services, app: AppServices): Array<{ stop(): Promise<void> }>;
}

export const defineFeature = <Services>(feature: ApiFeature<Services>): ApiFeature<Services> => feature;
