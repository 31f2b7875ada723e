import type { EventStore } from '@tracker/eventstore/port';
import type { LaneSpec, ProjectorFailure, RunnerLogger } from '../runner.ts';
import { checkpointBook } from './checkpoint-book.ts';
import { partitionLocks } from './partition-locks.ts';
import { lanePass } from './pass.ts';
import { serialised } from './serialised.ts';

/** How soon a lane whose session ended looks at its partitions again (then every standbyRetryMs). */
const LOCK_LOST_RETRY_MS = 250;

/** What the runner shares with its lanes: its settings, and what it tells of them (holding, failing). */
export interface LaneRunnerContext {
  connectionString: string;
  store: EventStore;
  batchSize: number;
  log: RunnerLogger;
  /** How often a lane looks at its partitions (ms). */
  lookEveryMs: number;
  /** The partitions each lane holds, by lane. */
  holding: Map<string, ReadonlySet<number>>;
  /** Members stopped at an event, by name. */
  failing: Map<string, ProjectorFailure>;
}

/**
 * A lane on this runner: it looks at its partitions every `lookEveryMs` (takes, gives back), and
 * on every change runs its pass again over the partitions held.
 */
export const runLane = <DB>(lane: LaneSpec<DB>, runner: LaneRunnerContext): { started: Promise<void>; stop: () => Promise<void> } => {
  const { log, holding } = runner;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const isStopped = (): boolean => stopped;
  // Batches and deferred checkpoint writes of one lane never interleave: each reads the stored checkpoints and moves them.
  const exclusive = serialised();
  // Looks, restarts and stops of the lane one at a time: each changes the locks and the pass.
  const control = serialised();
  const book = checkpointBook({
    lane,
    exclusive,
    isStopped,
    onMoved: () => startAgain(),
    onFlushFailed: (error) => log.error({ lane: lane.name, err: error }, 'writing deferred checkpoints failed; retrying'),
  });
  const { store, batchSize, failing } = runner;
  const pass = lanePass({ lane, store, batchSize, log, failing, book, exclusive, isStopped, onCheckpointMoved: () => startAgain() });
  const locks = partitionLocks(runner.connectionString, lane, {
    isStopped,
    onLost: () => {
      log.warn({ lane: lane.name }, 'lost the lane session (and its partition locks); looking again');
      void control(releaseAll).finally(() => schedule(LOCK_LOST_RETRY_MS));
    },
  });

  /** Lets go of every partition: the pass ends, then the session (and with it the locks). */
  const releaseAll = async (): Promise<void> => {
    await pass.stop();
    holding.delete(lane.name);
    await locks.release();
  };

  /** A checkpoint moved underneath the pass: it starts again from the stored checkpoints. */
  const startAgain = (): void => {
    void control(async () => {
      if (stopped) return;
      log.warn({ lane: lane.name }, 'checkpoint moved by another runner; starting the pass again from the stored checkpoints');
      await pass.stop();
      if (locks.held.size > 0) await pass.start(locks.held);
    }).catch((error: unknown) => log.error({ lane: lane.name, err: error }, 'projection lane could not start again; retrying at the next look'));
  };

  const schedule = (delay: number): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void control(look), delay);
  };

  /**
   * A look at the lane's partitions (`partitionLocks.share`). On a change, the pass stops and
   * starts again over the partitions held now.
   */
  const look = async (): Promise<void> => {
    if (stopped) return;
    try {
      const client = await locks.session();
      if (!client) return;
      const { taken, given, runners } = await locks.share(client);
      if (taken.length > 0 || given.length > 0 || (locks.held.size > 0 && !pass.running())) {
        await pass.stop();
        await locks.giveBack(client, given);
        if (taken.length > 0 || given.length > 0)
          log.info({ lane: lane.name, taken, given, holding: [...locks.held].sort(), runners }, 'lane partitions changed hands');
        if (locks.held.size > 0) {
          holding.set(lane.name, new Set(locks.held));
          await pass.start(locks.held);
        } else holding.delete(lane.name);
      }
    } catch (error) {
      log.error({ lane: lane.name, err: error }, 'projection lane could not look at its partitions; letting go and retrying');
      await releaseAll();
    } finally {
      schedule(runner.lookEveryMs);
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
