import type { Kysely, Transaction } from 'kysely';
import type { DomainEventType } from '@tracker/contracts/events';
import type { EventStore, Position } from '@tracker/eventstore/port';
import type { ReadModels } from './db.ts';
import type { OperationalTables } from './ops-db.ts';
import type { ProjectedEvent, Projector } from './projector.ts';
import { runLane } from './runner/lane.ts';

export { parseProgressPayload, PROGRESS_CHANNEL } from './runner/progress-notice.ts';

export interface RunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Anything a lane can run: a projector (DB = the read models), or a reactor — work on the log that
 * spans streams (DB = operational state). `apply` sees only the event types in `handles`, narrowed.
 * A reactor's effects happen before its checkpoint commits, so after a crash it meets the same event
 * again: every effect must be idempotent (appends use ids derived from the event's id).
 */
export interface LaneMember<DB = ReadModels, T extends DomainEventType = DomainEventType> {
  readonly name: string;
  readonly handles: readonly T[];
  // Method syntax on purpose: a member of some event types is then usable where any member is expected.
  apply(trx: Transaction<DB>, event: ProjectedEvent<T>): Promise<void>;
  /** When given, called once per batch with the member's events in log order, instead of `apply` for each. */
  applyBatch?(trx: Transaction<DB>, events: ProjectedEvent<T>[]): Promise<void>;
  /** A reactor nobody waits on, in a lane of its own: how long its lane gathers events before a batch (LaneSpec.lingerMs). */
  readonly lingerMs?: number;
}

/**
 * One pass over the log for its members: a batch is read once, applied by every member that handles
 * its events, and checkpointed for all of them in one transaction.
 */
export interface LaneSpec<DB = ReadModels> {
  name: string;
  members: readonly LaneMember<DB>[];
  /** Where the members' tables and checkpoints live (the read-model schema, or operational state). */
  db: { db: Kysely<DB>; schema: string };
  /**
   * Its batches move the read versions of the users whose events they applied (read-versions.ts):
   * the lanes over the read models that routes answer from, so that an answer kept for a user is
   * never reused once one of them wrote the user's rows.
   */
  readVersions?: boolean;
  /**
   * Once caught up and woken, how long the lane waits before reading on, so that what arrives
   * meanwhile is one batch (SubscribeOptions.lingerMs): for lanes no answer waits on, whose every
   * batch is a transaction of its own.
   */
  lingerMs?: number;
}

/** The lanes a runner can run: over the read models, or over the operational schema (reactors). */
export type AnyLane = LaneSpec<ReadModels> | LaneSpec<OperationalTables>;

export interface ProjectionRunnerOptions {
  lanes: readonly AnyLane[];
  /** Connection string of the database the lanes write to; the advisory locks live on their own sessions. */
  connectionString: string;
  store: EventStore;
  batchSize?: number;
  log: RunnerLogger;
  /** How often a lane looks at its partitions: takes free ones, gives back what is over its share (ms). */
  standbyRetryMs?: number;
}

export interface ProjectorFailure {
  projector: string;
  position: Position;
  type: string;
  error: string;
  since: Date;
}

export interface ProjectionRunner {
  /**
   * Resolves once every lane has had its first look: it holds the partitions it could take (and has
   * started their pass), or knows others hold them. A process that starts answering before this would
   * keep a fresh command's read-your-writes wait on lanes that have not begun.
   */
  started: Promise<void>;
  stop(): Promise<void>;
  /** Members of the lanes of which this runner holds at least one partition. */
  active(): string[];
  /** The partitions this runner holds, by lane. */
  partitions(): Record<string, number[]>;
  /** Members stopped at an event they could not apply (retried with backoff, others go on). */
  failures(): ProjectorFailure[];
}

/**
 * Runs each lane's partitions from their members' checkpoints: a batch and the checkpoints'
 * compare-and-set commit in one transaction (exactly-once effect over at-least-once delivery). A
 * lane is split by user into PARTITIONS partitions, each held by one runner through a session
 * advisory lock; runners of a lane share its partitions (at most their fair share each, taking over
 * whatever is left free). One pass over the log per lane serves every partition the runner holds. A
 * member that fails leaves the pass and is retried on its own from its checkpoints, with backoff, so
 * it holds no one back.
 */
export const startProjectionRunner = (options: ProjectionRunnerOptions): ProjectionRunner => {
  const holding = new Map<string, ReadonlySet<number>>();
  const failing = new Map<string, ProjectorFailure>();
  const runner = {
    connectionString: options.connectionString,
    store: options.store,
    batchSize: options.batchSize ?? 500,
    log: options.log,
    lookEveryMs: options.standbyRetryMs ?? 1_000,
    holding,
    failing,
  };
  const lanes = options.lanes
    .filter((lane) => lane.members.length > 0)
    // Each lane's members and database agree on their tables (LaneSpec<DB>); the loop needs no more than that.
    .map((lane) => runLane(lane as LaneSpec<unknown>, runner));
  const stops = lanes.map((lane) => lane.stop);
  return {
    started: Promise.all(lanes.map((lane) => lane.started)).then(() => undefined),
    active: () => options.lanes.filter((lane) => holding.has(lane.name)).flatMap((lane) => lane.members.map((m) => m.name)),
    partitions: () => Object.fromEntries([...holding].map(([lane, partitions]) => [lane, [...partitions].sort((a, b) => a - b)])),
    failures: () => [...failing.values()],
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
};

/**
 * The usual lanes over one read-model schema: the projectors that some route waits for
 * (read-your-writes) in one pass, every other projector in a second, so a slow projector that no
 * command waits for never delays a command's answer. Without `waitedOn`, all run in one pass.
 */
export const projectorLanes = (
  readModels: { db: Kysely<ReadModels>; schema: string },
  projectors: readonly Projector[],
  waitedOn?: ReadonlySet<string>,
): LaneSpec[] => [
  { name: 'interactive', members: projectors.filter((p) => !waitedOn || waitedOn.has(p.name)), db: readModels, readVersions: true },
  { name: 'background', members: projectors.filter((p) => waitedOn !== undefined && !waitedOn.has(p.name)), db: readModels, readVersions: true },
];
