import type { Kysely, Transaction } from 'kysely';
import pg from 'pg';
import type { DomainEventType } from '@tracker/contracts/events';
import type { EventStore, Position, StoredEvent, SubscriptionHandle } from '@tracker/eventstore/port';
import {
  advanceCheckpoints,
  checkpointName,
  CheckpointMoved,
  holdSchemaForBatch,
  partitionOf,
  PARTITIONS,
  readCheckpoints,
  type Checkpoint,
} from './checkpoints.ts';
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
/** How soon a lane whose session ended looks at its partitions again (then every standbyRetryMs). */
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

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The checkpoint rows of `members` in `partitions`, as the checkpoint book takes them. */
const slotsOf = (members: readonly { name: string }[], partitions: Iterable<number>): Array<{ name: string }> => {
  const list = [...partitions];
  return members.flatMap((m) => list.map((p) => ({ name: checkpointName(m.name, p) })));
};

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
  const { store, log } = options;
  const batchSize = options.batchSize ?? 500;
  const lookEveryMs = options.standbyRetryMs ?? 1_000;
  const holding = new Map<string, ReadonlySet<number>>();
  const failing = new Map<string, ProjectorFailure>();

  const runLane = <DB>(lane: LaneSpec<DB>): { started: Promise<void>; stop: () => Promise<void> } => {
    const { db } = lane.db;
    let stopped = false;
    let lockClient: pg.Client | undefined;
    /** The partitions whose lock this runner holds. */
    const held = new Set<number>();
    /** Free partitions seen at the last look: one still free at the next is taken beyond the fair share. */
    let freeBefore = new Set<number>();
    let timer: NodeJS.Timeout | undefined;
    /** The pass over the log running now, for the partitions it started with (undefined: none). */
    let current: { subscriptions: Set<SubscriptionHandle> } | undefined;
    // Batches and deferred checkpoint writes of one lane never interleave: each reads the stored checkpoints and moves them.
    const exclusive = serialised();
    // Looks, restarts and stops of the lane one at a time: each changes the locks and the pass.
    const control = serialised();
    const book = checkpointBook({
      lane,
      exclusive,
      isStopped: () => stopped,
      onMoved: () => restartPass('checkpoint moved by another runner; starting the pass again from the stored checkpoints'),
      onFlushFailed: (error) => log.error({ lane: lane.name, err: error }, 'writing deferred checkpoints failed; retrying'),
    });

    /** Ends the pass: no batch is in flight and nothing deferred is written once it resolves. */
    const stopPass = async (): Promise<void> => {
      const pass = current;
      current = undefined;
      book.dropDeferred();
      for (const member of lane.members) failing.delete(member.name);
      if (!pass) return;
      await Promise.all([...pass.subscriptions].map((s) => s.stop()));
      await exclusive(() => Promise.resolve());
      book.dropDeferred();
    };

    /** Lets go of every partition: the pass ends, then the session (and with it the locks). */
    const releaseAll = async (): Promise<void> => {
      await stopPass();
      held.clear();
      holding.delete(lane.name);
      const client = lockClient;
      lockClient = undefined;
      await client?.end().catch(() => undefined);
    };

    const restartPass = (why: string): void => {
      void control(async () => {
        if (stopped) return;
        log.warn({ lane: lane.name }, why);
        await stopPass();
        if (held.size > 0) await startPass();
      }).catch((error: unknown) => log.error({ lane: lane.name, err: error }, 'projection lane could not start again; retrying at the next look'));
    };

    const schedule = (delay: number): void => {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void control(look), delay);
    };

    /** The lane's pass over the log for the partitions held now, from their members' checkpoints. */
    const startPass = async (): Promise<void> => {
      const partitions: ReadonlySet<number> = new Set([...held].sort((a, b) => a - b));
      const subscriptions = new Set<SubscriptionHandle>();
      const pass = { subscriptions };
      const checkpoints = await book.load(slotsOf(lane.members, partitions));
      if (stopped) return;
      current = pass;
      const live = (): boolean => current === pass;

      /**
       * Applies `batch` for `members`, each from its own checkpoint in each partition. The
       * checkpoints move with it, in its transaction; a batch with nothing for any member opens no
       * transaction: its checkpoints move in memory and are written a moment later (the events
       * skipped would be skipped again after a crash).
       */
      const applyBatch = (members: readonly LaneMember<DB>[], batch: StoredEvent[], marks: Map<string, Checkpoint>): Promise<void> =>
        exclusive(async () => {
          if (!live()) return;
          const next = batch[batch.length - 1]!.position;
          const { work, partitionsWorked } = workOf(store, members, partitions, batch, marks);
          // The pass reads from the earliest checkpoint of all its slots: a slot already past this
          // batch (another partition was behind, e.g. its deferred checkpoint was lost in a crash)
          // stays where it is — moving it to `next` would move it back and apply its events again.
          const behind = ({ name }: { name: string }): boolean => {
            const at = marks.get(name) ?? 'start';
            return at === 'start' || store.comparePositions(at, next) < 0;
          };
          const worked = slotsOf(members, partitionsWorked).filter(behind);
          const idle = slotsOf(
            members,
            [...partitions].filter((p) => !partitionsWorked.has(p)),
          ).filter(behind);
          if (work.length > 0) {
            // The batch's transaction moves the idle partitions' checkpoints too (the same statement):
            // with them a moment behind, /api/ready and a wait for every partition would see the
            // projector behind right after a command that its own user's partition had answered.
            const moved = [...worked, ...idle];
            await db.transaction().execute(async (trx) => {
              // A rebuild may be swapping tables in: the batch waits and then writes to the new ones.
              await holdSchemaForBatch(trx, lane.db.schema);
              await applyWork(trx, members, work);
              await book.advance(trx, moved, next);
            });
            book.committed(moved, marks, next);
          } else if (idle.length > 0) book.moveInMemory(idle, marks, next);
        });

      /** Applies a batch; a failure after the checkpoints moved underneath is reported as CheckpointMoved. */
      const applyOrRestart = async (members: readonly LaneMember<DB>[], batch: StoredEvent[], marks: Map<string, Checkpoint>): Promise<void> => {
        try {
          await applyBatch(members, batch, marks);
        } catch (error) {
          if (error instanceof MemberFailed && (await book.movedUnderneath(slotsOf(members, partitions), marks)))
            throw new CheckpointMoved(members.map((m) => m.name));
          throw error;
        }
      };

      const earliest = (marks: ReadonlyMap<string, Checkpoint>): Checkpoint =>
        [...marks.values()].reduce((a, b) => (store.comparePositions(a, b) <= 0 ? a : b));

      /** A member that failed runs alone from its checkpoints until restart; the lane goes on without it. */
      const isolate = (member: LaneMember<DB>, failure: MemberFailed): void => {
        failing.set(member.name, {
          projector: member.name,
          position: failure.position,
          type: failure.type,
          error: errorText(failure.cause),
          since: new Date(),
        });
        log.error(
          { projector: member.name, position: failure.position, type: failure.type, stream: failure.stream, err: failure.cause },
          'projector failed at an event; retrying it alone, the others go on',
        );
        const own = new Map(slotsOf([member], partitions).map(({ name }) => [name, checkpoints.get(name) ?? 'start'] as const));
        const subscription = store.subscribe(
          earliest(own),
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
              if (error instanceof CheckpointMoved && live())
                restartPass('checkpoint moved by another runner; starting the pass again from the stored checkpoints');
            },
          },
        );
        subscriptions.add(subscription);
      };

      let members = [...lane.members];
      const from = earliest(checkpoints);
      log.info({ lane: lane.name, partitions: [...partitions], projectors: members.map((m) => m.name), from }, 'projection lane started');
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
            isolate(failed, error);
            await applyBatch(members, batch, checkpoints);
          }
        },
        {
          batchSize,
          onError: (error, attempts) => {
            if (error instanceof CheckpointMoved) {
              if (live()) restartPass('checkpoint moved by another runner; starting the pass again from the stored checkpoints');
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

    /**
     * A look at the lane's partitions: how many runners have a session for the lane (each names the
     * partitions it holds), so the fair share is ceil(PARTITIONS / runners). Takes free partitions up
     * to that share, and any partition already free at the last look (a share counted too small must
     * not leave one unrun); gives back what is over the share while another runner has less. On a
     * change, the pass stops and starts again over the partitions held now.
     */
    const look = async (): Promise<void> => {
      if (stopped) return;
      try {
        if (!lockClient) {
          const client = await openLaneSession(options.connectionString, lane);
          if (stopped) {
            await client.end().catch(() => undefined);
            return;
          }
          lockClient = client;
          // The session dies → the locks are gone; step back and look again at once: most often the
          // database restarted or failed over, and the partitions go on from their checkpoints as
          // soon as it answers (a runner elsewhere that took one meanwhile keeps it).
          client.on('end', () => {
            if (stopped || lockClient !== client) return;
            log.warn({ lane: lane.name }, 'lost the lane session (and its partition locks); looking again');
            void control(releaseAll).finally(() => schedule(LOCK_LOST_RETRY_MS));
          });
        }
        const client = lockClient;
        const sessions = await laneSessions(client, lane);
        const fair = Math.ceil(PARTITIONS / Math.max(1, sessions.length));
        const heldByOthers = new Set(sessions.filter((s) => !s.mine).flatMap((s) => s.partitions));
        const free = Array.from({ length: PARTITIONS }, (_, p) => p).filter((p) => !held.has(p) && !heldByOthers.has(p));
        const taken: number[] = [];
        for (const p of free) {
          if (held.size >= fair && !freeBefore.has(p)) continue;
          if (await tryLock(client, lane, p)) {
            held.add(p);
            taken.push(p);
          }
        }
        freeBefore = new Set(free.filter((p) => !held.has(p)));
        const wanting = sessions.some((s) => !s.mine && s.partitions.length < fair);
        const given = wanting && held.size > fair ? [...held].sort((a, b) => b - a).slice(0, held.size - fair) : [];
        if (taken.length > 0 || given.length > 0 || (held.size > 0 && !current)) {
          await stopPass();
          for (const p of given) {
            await unlock(client, lane, p);
            held.delete(p);
          }
          await advertise(client, lane, held);
          if (taken.length > 0 || given.length > 0)
            log.info({ lane: lane.name, taken, given, holding: [...held].sort(), runners: sessions.length }, 'lane partitions changed hands');
          if (held.size > 0) {
            holding.set(lane.name, new Set(held));
            await startPass();
          } else holding.delete(lane.name);
        }
      } catch (error) {
        log.error({ lane: lane.name, err: error }, 'projection lane could not look at its partitions; letting go and retrying');
        await releaseAll();
      } finally {
        schedule(lookEveryMs);
      }
    };

    return {
      // `look` never throws: a failed look logs, lets go and is scheduled again.
      started: control(look),
      stop: async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await control(releaseAll);
      },
    };
  };

  const lanes = options.lanes
    .filter((lane) => lane.members.length > 0)
    // Each lane's members and database agree on their tables (LaneSpec<DB>); the loop needs no more than that.
    .map((lane) => runLane(lane as LaneSpec<unknown>));
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

type LaneIdentity = { name: string; db: { schema: string } };

/**
 * A lane's session, named `projector:<schema>.<lane> <partitions held, or -> pid <pid>`, so
 * pg_stat_activity tells which worker holds which partitions and how many runners share the lane.
 */
const sessionPrefix = (lane: LaneIdentity): string => `projector:${lane.db.schema}.${lane.name} `;
const sessionName = (lane: LaneIdentity, held: ReadonlySet<number>): string =>
  `${sessionPrefix(lane)}${held.size === 0 ? '-' : [...held].sort((a, b) => a - b).join(',')} pid ${process.pid}`;
const partitionLockKey = (lane: LaneIdentity, partition: number): string => `projection:${lane.db.schema}:${lane.name}:${partition}`;

/** The lane's session, on a connection of its own: it holds the locks of the lane's partitions. */
const openLaneSession = async (connectionString: string, lane: LaneIdentity): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString, application_name: sessionName(lane, new Set()), ...pgConnectionOptions });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

/** Every runner's session of the lane (this one's included) and the partitions each says it holds. */
const laneSessions = async (client: pg.Client, lane: LaneIdentity): Promise<Array<{ mine: boolean; partitions: number[] }>> => {
  const prefix = sessionPrefix(lane);
  const { rows } = await client.query<{ mine: boolean; name: string }>(
    // pg_stat_activity lists the whole cluster: runners of another database (another deployment, or
    // another test's) use the same lane names and must not count as sharers of this one's partitions.
    'SELECT pid = pg_backend_pid() AS mine, application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND left(application_name, length($1)) = $1',
    [prefix],
  );
  return rows.map(({ mine, name }) => {
    const held = name.slice(prefix.length).split(' ')[0] ?? '-';
    return { mine, partitions: held === '-' ? [] : held.split(',').map(Number) };
  });
};

const tryLock = async (client: pg.Client, lane: LaneIdentity, partition: number): Promise<boolean> => {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [partitionLockKey(lane, partition)]);
  return rows[0]?.locked === true;
};

const unlock = async (client: pg.Client, lane: LaneIdentity, partition: number): Promise<void> => {
  await client.query('SELECT pg_advisory_unlock(hashtext($1))', [partitionLockKey(lane, partition)]);
};

const advertise = async (client: pg.Client, lane: LaneIdentity, held: ReadonlySet<number>): Promise<void> => {
  await client.query("SELECT set_config('application_name', $1, false)", [sessionName(lane, held)]);
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

/**
 * The events of `batch` each member has yet to apply (of a user in one of `partitions`, past the
 * member's checkpoint there, of a type it handles), parsed once each; and the partitions they are in.
 */
const workOf = <DB>(
  store: EventStore,
  members: readonly LaneMember<DB>[],
  partitions: ReadonlySet<number>,
  batch: readonly StoredEvent[],
  checkpoints: ReadonlyMap<string, Checkpoint>,
): { work: Array<{ member: LaneMember<DB>; event: ProjectedEvent }>; partitionsWorked: Set<number> } => {
  // Parsed once per event, and only if some member handles it; outside the transaction, to keep it short.
  const parsed = new Map<StoredEvent, ProjectedEvent>();
  const partitionOfEvent = batch.map((stored) => partitionOf(typeof stored.metadata.userId === 'string' ? stored.metadata.userId : undefined));
  const work: Array<{ member: LaneMember<DB>; event: ProjectedEvent }> = [];
  const partitionsWorked = new Set<number>();
  for (const member of members) {
    // Each partition's checkpoint of the member, looked up once per batch rather than per event.
    const from = Array.from({ length: PARTITIONS }, (_, p): Checkpoint => checkpoints.get(checkpointName(member.name, p)) ?? 'start');
    for (const [index, stored] of batch.entries()) {
      if (!(member.handles as readonly string[]).includes(stored.type)) continue;
      const partition = partitionOfEvent[index]!;
      if (!partitions.has(partition) || store.comparePositions(stored.position, from[partition]!) <= 0) continue;
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
      partitionsWorked.add(partition);
    }
  }
  return { work, partitionsWorked };
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
    /** The stored checkpoints of `slots` (members in partitions), read afresh (a pass that starts). */
    async load(slots: readonly { name: string }[]): Promise<Map<string, Checkpoint>> {
      const checkpoints = await readCheckpoints(
        db,
        schema,
        slots.map((m) => m.name),
      );
      persisted.clear();
      for (const [name, position] of checkpoints) persisted.set(name, position);
      return checkpoints;
    },
    /** The batch's compare-and-set of the members' checkpoints, with its progress notification. */
    advance: (trx: Transaction<DB>, members: readonly { name: string }[], next: Position): Promise<void> =>
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
