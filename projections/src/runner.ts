import type { Kysely, Transaction } from 'kysely';
import pg from 'pg';
import type { DomainEventType } from '@tracker/contracts/events';
import type { EventStore, Position, StoredEvent, SubscriptionHandle } from '@tracker/eventstore/port';
import { advanceCheckpoints, CheckpointMoved, holdSchemaForBatch, readCheckpoints, type Checkpoint } from './checkpoints.ts';
import type { ReadModels } from './db.ts';
import type { OperationalTables } from './ops-db.ts';
import { toProjectedEvent } from './projected-event.ts';
import type { ProjectedEvent, Projector } from './projector.ts';
import { pgConnectionOptions } from '@tracker/eventstore/pg-connection-options';

export const PROGRESS_CHANNEL = 'rm_progress';
/**
 * How long a checkpoint that moved over events a lane had nothing to do with may stay unwritten:
 * most events concern one lane or two, and a transaction per lane per event cost every command
 * five commits (the interactive lane's answer waited behind the others' on two cores).
 */
const DEFERRED_CHECKPOINT_MS = 200;
/** How soon a lane whose lock session ended tries to take the lock again (then every standbyRetryMs). */
const LOCK_LOST_RETRY_MS = 250;

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
  /** How often a standby runner tries to take over a lane (ms). */
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
  stop(): Promise<void>;
  /** Members of the lanes whose lock this runner holds. */
  active(): string[];
  /** Members stopped at an event they could not apply (retried with backoff, others go on). */
  failures(): ProjectorFailure[];
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs each lane from its members' checkpoints: a batch and the checkpoints' compare-and-set commit in
 * one transaction (exactly-once effect over at-least-once delivery). One active runner per lane, held
 * by a session advisory lock; others stand by and take over when it is released. A member that fails
 * leaves the pass and is retried on its own from its checkpoint, with backoff, so it holds no one back.
 */
export const startProjectionRunner = (options: ProjectionRunnerOptions): ProjectionRunner => {
  const { store, log } = options;
  const batchSize = options.batchSize ?? 500;
  const standbyRetryMs = options.standbyRetryMs ?? 2_000;
  const holding = new Set<string>();
  const failing = new Map<string, ProjectorFailure>();

  const runLane = <DB>(lane: LaneSpec<DB>): (() => Promise<void>) => {
    const { db } = lane.db;
    let stopped = false;
    let lockClient: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    const subscriptions = new Set<SubscriptionHandle>();
    // Batches and deferred checkpoint writes of one lane never interleave: each reads the stored checkpoints and moves them.
    const exclusive = serialised();
    const book = checkpointBook({
      lane,
      exclusive,
      isStopped: () => stopped,
      onMoved: () => {
        log.warn({ lane: lane.name }, 'checkpoint moved by another runner; restarting');
        void release().then(() => restart(0));
      },
      onFlushFailed: (error) => log.error({ lane: lane.name, err: error }, 'writing deferred checkpoints failed; retrying'),
    });

    const release = async (): Promise<void> => {
      book.dropDeferred();
      holding.delete(lane.name);
      for (const member of lane.members) failing.delete(member.name);
      const client = lockClient;
      lockClient = undefined;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      subscriptions.clear();
      await client?.end().catch(() => undefined);
    };

    const restart = (delay: number): void => {
      if (stopped) return;
      timer = setTimeout(() => void attempt(), delay);
    };

    /**
     * Applies `batch` for `members`, each from its own checkpoint, and moves every checkpoint to the
     * batch's end. A batch with nothing for any member opens no transaction: its checkpoints move in
     * memory and are written a moment later (the events it skipped would be skipped again after a crash).
     */
    const applyBatch = (members: readonly LaneMember<DB>[], batch: StoredEvent[], checkpoints: Map<string, Checkpoint>): Promise<void> =>
      exclusive(async () => {
        const next = batch[batch.length - 1]!.position;
        const work = workOf(store, members, batch, checkpoints);
        if (work.length === 0) {
          book.moveInMemory(members, checkpoints, next);
          return;
        }
        await db.transaction().execute(async (trx) => {
          // A rebuild may be swapping tables in: the batch waits and then writes to the new ones.
          await holdSchemaForBatch(trx, lane.db.schema);
          await applyWork(trx, members, work);
          await book.advance(trx, members, next);
        });
        book.committed(members, checkpoints, next);
      });

    /** Applies a batch; a failure after the checkpoints moved underneath is reported as CheckpointMoved. */
    const applyOrRestart = async (members: readonly LaneMember<DB>[], batch: StoredEvent[], checkpoints: Map<string, Checkpoint>): Promise<void> => {
      try {
        await applyBatch(members, batch, checkpoints);
      } catch (error) {
        if (error instanceof MemberFailed && (await book.movedUnderneath(members, checkpoints))) throw new CheckpointMoved(members.map((m) => m.name));
        throw error;
      }
    };

    /** A member that failed runs alone from its checkpoint until restart; the lane goes on without it. */
    const isolate = (member: LaneMember<DB>, checkpoints: Map<string, Checkpoint>, failure: MemberFailed): void => {
      failing.set(member.name, { projector: member.name, position: failure.position, type: failure.type, error: errorText(failure.cause), since: new Date() });
      log.error(
        { projector: member.name, position: failure.position, type: failure.type, stream: failure.stream, err: failure.cause },
        'projector failed at an event; retrying it alone, the others go on',
      );
      const own = new Map([[member.name, checkpoints.get(member.name) ?? 'start']]);
      const subscription = store.subscribe(
        own.get(member.name)!,
        async (batch) => {
          await applyOrRestart([member], batch, own);
          failing.delete(member.name);
        },
        {
          batchSize,
          onError: (error, attempts) => {
            if (error instanceof MemberFailed) {
              const known = failing.get(member.name);
              failing.set(member.name, {
                ...(known ?? { since: new Date() }),
                projector: member.name,
                position: error.position,
                type: error.type,
                error: errorText(error.cause),
              });
            }
            log.error({ projector: member.name, attempts, err: error instanceof MemberFailed ? error.cause : error }, 'projector still failing; backing off');
            if (error instanceof CheckpointMoved) void release().then(() => restart(0));
          },
        },
      );
      subscriptions.add(subscription);
    };

    /** The lane's pass over the log from its members' checkpoints; a failing member is taken out of it. */
    const run = async (): Promise<void> => {
      const checkpoints = await book.load();
      let members = [...lane.members];
      const from = [...checkpoints.values()].reduce((a, b) => (store.comparePositions(a, b) <= 0 ? a : b));
      log.info({ lane: lane.name, projectors: members.map((m) => m.name), from }, 'projection lane started');
      const subscription = store.subscribe(
        from,
        async (batch) => {
          try {
            await applyOrRestart(members, batch, checkpoints);
            for (const member of members) failing.delete(member.name);
          } catch (error) {
            if (!(error instanceof MemberFailed) || members.length === 1) throw error;
            // Nothing of the batch was committed. Take the failing member out, and go on without it.
            const failed = members.find((m) => m.name === error.member)!;
            members = members.filter((m) => m !== failed);
            isolate(failed, checkpoints, error);
            await applyBatch(members, batch, checkpoints);
          }
        },
        {
          batchSize,
          onError: (error, attempts) => {
            if (error instanceof CheckpointMoved) {
              log.warn({ lane: lane.name }, 'checkpoint moved by another runner; restarting');
              void release().then(() => restart(0));
              return;
            }
            if (error instanceof MemberFailed) {
              failing.set(error.member, {
                projector: error.member,
                position: error.position,
                type: error.type,
                error: errorText(error.cause),
                since: failing.get(error.member)?.since ?? new Date(),
              });
              log.error(
                { projector: error.member, position: error.position, type: error.type, attempts, err: error.cause },
                'projector failed at an event; backing off',
              );
              return;
            }
            log.error({ lane: lane.name, attempts, err: error }, 'projection batch failed; backing off');
          },
        },
      );
      subscriptions.add(subscription);
    };

    const attempt = async (): Promise<void> => {
      if (stopped) return;
      try {
        const client = await takeLaneLock(options.connectionString, lane);
        if (!client || stopped) {
          await client?.end();
          restart(standbyRetryMs);
          return;
        }
        lockClient = client;
        holding.add(lane.name);
        // The session dies → the lock is gone; step back and compete for it again, at once: most
        // often the database restarted or failed over, and the lane goes on from its checkpoints
        // as soon as it answers (a runner elsewhere that took the lock meanwhile keeps it).
        client.on('end', () => {
          if (stopped || lockClient !== client) return;
          log.warn({ lane: lane.name }, 'lost the lane lock (its session ended); taking it again');
          void release().then(() => restart(LOCK_LOST_RETRY_MS));
        });
        await run();
      } catch (error) {
        log.error({ lane: lane.name, err: error }, 'projection lane could not start; retrying');
        await release();
        restart(standbyRetryMs);
      }
    };

    void attempt();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await release();
    };
  };

  const stops = options.lanes
    .filter((lane) => lane.members.length > 0)
    // Each lane's members and database agree on their tables (LaneSpec<DB>); the loop needs no more than that.
    .map((lane) => runLane(lane as LaneSpec<unknown>));
  return {
    active: () => options.lanes.filter((lane) => holding.has(lane.name)).flatMap((lane) => lane.members.map((m) => m.name)),
    failures: () => [...failing.values()],
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
};

/**
 * One lane's lock: a session advisory lock on a connection of its own; undefined when another runner
 * holds it. The session is named after the lane and the process (`projector:interactive pid 4711`), so
 * pg_locks joined with pg_stat_activity tells which worker holds which lane.
 */
const takeLaneLock = async (connectionString: string, lane: { name: string; db: { schema: string } }): Promise<pg.Client | undefined> => {
  const client = new pg.Client({ connectionString, application_name: `projector:${lane.name} pid ${process.pid}`, ...pgConnectionOptions });
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
    `projection:${lane.db.schema}:${lane.name}`,
  ]);
  if (rows[0]?.locked) return client;
  await client.end();
  return undefined;
};

/** Runs the work it is given one piece at a time, in order; a failure does not stop the next. */
const serialised = () => {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
};

/** The events of `batch` each member has yet to apply (past its checkpoint, of a type it handles), parsed once each. */
const workOf = <DB>(
  store: EventStore,
  members: readonly LaneMember<DB>[],
  batch: readonly StoredEvent[],
  checkpoints: ReadonlyMap<string, Checkpoint>,
): Array<{ member: LaneMember<DB>; event: ProjectedEvent }> => {
  // Parsed once per event, and only if some member handles it; outside the transaction, to keep it short.
  const parsed = new Map<StoredEvent, ProjectedEvent>();
  const work: Array<{ member: LaneMember<DB>; event: ProjectedEvent }> = [];
  for (const member of members) {
    const from = checkpoints.get(member.name) ?? 'start';
    for (const stored of batch) {
      if (!(member.handles as readonly string[]).includes(stored.type) || store.comparePositions(stored.position, from) <= 0) continue;
      let event = parsed.get(stored);
      if (!event) {
        try {
          event = toProjectedEvent(stored);
        } catch (error) {
          throw new MemberFailed(member.name, stored, error);
        }
        parsed.set(stored, event);
      }
      work.push({ member, event });
    }
  }
  return work;
};

/** Each member's events applied in log order (in one call when it takes batches); a failure names the member. */
const applyWork = async <DB>(
  trx: Transaction<DB>,
  members: readonly LaneMember<DB>[],
  work: ReadonlyArray<{ member: LaneMember<DB>; event: ProjectedEvent }>,
): Promise<void> => {
  for (const member of members) {
    const events = work.filter((w) => w.member === member).map((w) => w.event);
    if (events.length === 0) continue;
    if (member.applyBatch) {
      await member.applyBatch(trx, events).catch((error: unknown) => {
        throw new MemberFailed(member.name, events[0]!, error);
      });
      continue;
    }
    for (const event of events) {
      try {
        await member.apply(trx, event);
      } catch (error) {
        throw new MemberFailed(member.name, event, error);
      }
    }
  }
};

/**
 * A lane's checkpoints: each member's row as the lane last read or wrote it (the compare-and-set's
 * `previous`), and the ones that moved in memory only (a batch with nothing for them), written
 * DEFERRED_CHECKPOINT_MS later through `exclusive`, with their progress notification.
 */
const checkpointBook = <DB>({
  lane,
  exclusive,
  isStopped,
  onMoved,
  onFlushFailed,
}: {
  lane: LaneSpec<DB>;
  exclusive: ReturnType<typeof serialised>;
  isStopped: () => boolean;
  onMoved: () => void;
  onFlushFailed: (error: unknown) => void;
}) => {
  const { db, schema } = lane.db;
  const persisted = new Map<string, Checkpoint>();
  /** Members whose checkpoint moved in memory only, and the map that holds it. */
  const deferred = new Map<string, Map<string, Checkpoint>>();
  let flushTimer: NodeJS.Timeout | undefined;
  const previous = (members: readonly { name: string }[]) => members.map((m) => ({ name: m.name, previous: persisted.get(m.name) ?? 'start' }));

  /** Writes the checkpoints that moved in memory only, with their notification (for /api/ready and waiters). */
  const flushDeferred = async (): Promise<void> => {
    const byPosition = new Map<Position, string[]>();
    for (const [name, checkpoints] of deferred) {
      const at = checkpoints.get(name);
      if (at !== undefined && at !== 'start' && at !== persisted.get(name)) byPosition.set(at, [...(byPosition.get(at) ?? []), name]);
    }
    deferred.clear();
    for (const [next, names] of byPosition) {
      const members = names.map((name) => ({ name }));
      await db.transaction().execute(async (trx) => {
        await holdSchemaForBatch(trx, schema);
        await advanceCheckpoints(trx, schema, previous(members), next, { channel: PROGRESS_CHANNEL, payload: progressPayload(schema, next, members) });
      });
      for (const name of names) persisted.set(name, next);
    }
  };

  const scheduleFlush = (): void => {
    if (flushTimer || isStopped()) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      exclusive(flushDeferred).catch((error: unknown) => {
        if (error instanceof CheckpointMoved) return onMoved();
        onFlushFailed(error);
        scheduleFlush();
      });
    }, DEFERRED_CHECKPOINT_MS);
  };

  return {
    /** The members' stored checkpoints, read afresh (a lane that starts). */
    async load(): Promise<Map<string, Checkpoint>> {
      const checkpoints = await readCheckpoints(
        db,
        schema,
        lane.members.map((m) => m.name),
      );
      persisted.clear();
      for (const [name, position] of checkpoints) persisted.set(name, position);
      return checkpoints;
    },
    /** The batch's compare-and-set of the members' checkpoints, with its progress notification. */
    advance: (trx: Transaction<DB>, members: readonly LaneMember<DB>[], next: Position): Promise<void> =>
      advanceCheckpoints(trx, schema, previous(members), next, { channel: PROGRESS_CHANNEL, payload: progressPayload(schema, next, members) }),
    /** After the batch's commit. */
    committed(members: readonly { name: string }[], checkpoints: Map<string, Checkpoint>, next: Position): void {
      for (const member of members) {
        checkpoints.set(member.name, next);
        persisted.set(member.name, next);
        deferred.delete(member.name);
      }
    },
    /** A batch with nothing for the members: their checkpoints move now and are written a moment later. */
    moveInMemory(members: readonly { name: string }[], checkpoints: Map<string, Checkpoint>, next: Position): void {
      for (const member of members) {
        checkpoints.set(member.name, next);
        deferred.set(member.name, checkpoints);
      }
      scheduleFlush();
    },
    /**
     * A batch failed: were the checkpoints moved underneath us (a rebuild swapped tables in)? Then the
     * failure is an effect of applying events the new tables already hold, and the lane must start
     * again from the stored checkpoints instead of retrying or isolating. Read on failures only.
     */
    async movedUnderneath(members: readonly { name: string }[], checkpoints: ReadonlyMap<string, Checkpoint>): Promise<boolean> {
      const stored = await readCheckpoints(
        db,
        schema,
        members.map((m) => m.name),
      );
      return members.some((m) => stored.get(m.name) !== (persisted.get(m.name) ?? checkpoints.get(m.name) ?? 'start'));
    },
    /** The lane let go of its lock: nothing deferred is written any more. */
    dropDeferred(): void {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = undefined;
      deferred.clear();
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
  { name: 'interactive', members: projectors.filter((p) => !waitedOn || waitedOn.has(p.name)), db: readModels },
  { name: 'background', members: projectors.filter((p) => waitedOn !== undefined && !waitedOn.has(p.name)), db: readModels },
];

/** What a lane's commit announces: the schema, the position reached and who reached it. */
const progressPayload = (schema: string, position: Position, members: readonly { name: string }[]): string =>
  JSON.stringify({ schema, position, names: members.map((m) => m.name) });

export const parseProgressPayload = (payload: string): { schema: string; position: Position; names: string[] } | undefined => {
  try {
    const value = JSON.parse(payload) as { schema?: unknown; position?: unknown; names?: unknown };
    if (typeof value.schema !== 'string' || typeof value.position !== 'string' || !Array.isArray(value.names)) return undefined;
    return { schema: value.schema, position: value.position as Position, names: value.names.filter((n): n is string => typeof n === 'string') };
  } catch {
    return undefined;
  }
};

/** A member could not apply an event: which one, where, and why. */
class MemberFailed extends Error {
  readonly position: Position;
  readonly type: string;
  readonly stream: string;
  constructor(
    readonly member: string,
    event: { position: Position; type: string; stream: string },
    override readonly cause: unknown,
  ) {
    super(`${member} failed at ${event.type} (${event.position}): ${errorText(cause)}`);
    this.name = 'MemberFailed';
    this.position = event.position;
    this.type = event.type;
    this.stream = event.stream;
  }
}
