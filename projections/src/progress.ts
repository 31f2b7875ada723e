import type { QueryExecutorProvider } from 'kysely';
import { createWakeListener, type WakeListener } from '@tracker/eventstore/pg-listener';
import type { EventStore, Position } from '@tracker/eventstore/port';
import { checkpointName, memberOfCheckpoint, partitionCheckpointNames, partitionOf, readCheckpoints, type Checkpoint } from './checkpoints.ts';
import { parseProgressPayload, PROGRESS_CHANNEL } from './runner.ts';

export interface ProjectionProgress {
  /**
   * True once each of `projectors` has applied the log up to `position` in the partition of `userId`
   * (every partition when no user is given); false if the wait ran out. Waits only for the
   * projectors named and the user's partition: what the caller's next read depends on.
   */
  waitFor(position: Position, projectors: readonly string[], timeoutMs: number, userId?: string): Promise<boolean>;
  /**
   * The checkpoints of `projectors` ('start' for one that has none yet), read from the table: each
   * the earliest of its partitions' (how far it has applied the whole log).
   */
  checkpoints(projectors: readonly string[]): Promise<Record<string, Checkpoint>>;
  /**
   * Calls `listener` with the projectors named by each progress notification, before waiters wake
   * (from now on: it starts listening). For caches of read models: drop what those projectors keep.
   */
  onProjected(listener: (projectors: readonly string[]) => void): void;
  close(): Promise<void>;
}

/** Past this, the table is read again in case a notification was lost with a dropped connection. */
const RECHECK_MS = 250;

/**
 * Read-your-writes. Works whether the projectors run in this process or another: each lane's commit
 * announces (NOTIFY, delivered only once committed) the position its projectors reached, and this
 * keeps the highest seen per projector — so a command usually learns it may answer without a query.
 */
export const createProjectionProgress = (options: {
  /** Where checkpoints are kept: the read models' schema, and the operational one (reactors). */
  sources: ReadonlyArray<{ db: QueryExecutorProvider; schema: string }>;
  connectionString: string;
  store: Pick<EventStore, 'comparePositions'>;
}): ProjectionProgress => {
  const { store } = options;
  const reached = new Map<string, Checkpoint>();
  const note = (name: string, position: Checkpoint): void => {
    const known = reached.get(name);
    if (known === undefined || store.comparePositions(position, known) > 0) reached.set(name, position);
  };
  let listener: WakeListener | undefined;
  const projectedListeners: Array<(projectors: readonly string[]) => void> = [];
  const listening = (): WakeListener =>
    (listener ??= createWakeListener(options.connectionString, PROGRESS_CHANNEL, (payload) => {
      const progress = parseProgressPayload(payload);
      if (!progress || !options.sources.some((source) => source.schema === progress.schema)) return;
      for (const name of progress.names) note(name, progress.position);
      if (projectedListeners.length === 0) return;
      const members = [...new Set(progress.names.map(memberOfCheckpoint))];
      for (const projected of projectedListeners) projected(members);
    }));

  /** Reads the rows named (partitions' checkpoints) into `reached`. */
  const readRows = async (names: readonly string[]): Promise<void> => {
    const found = await Promise.all(options.sources.map((source) => readCheckpoints(source.db, source.schema, names)));
    for (const rows of found) for (const [name, position] of rows) if (position !== 'start') note(name, position);
  };

  const checkpoints = async (projectors: readonly string[]): Promise<Record<string, Checkpoint>> => {
    await readRows(projectors.flatMap(partitionCheckpointNames));
    return Object.fromEntries(
      projectors.map((projector) => [
        projector,
        partitionCheckpointNames(projector)
          .map((name): Checkpoint => reached.get(name) ?? 'start')
          .reduce((a, b) => (store.comparePositions(a, b) <= 0 ? a : b)),
      ]),
    );
  };

  const known = (position: Position, rows: readonly string[]): boolean =>
    rows.every((name) => {
      const at = reached.get(name);
      return at !== undefined && store.comparePositions(at, position) >= 0;
    });

  return {
    checkpoints,
    async waitFor(position, projectors, timeoutMs, userId) {
      if (projectors.length === 0) return true;
      const rows = userId === undefined ? projectors.flatMap(partitionCheckpointNames) : projectors.map((name) => checkpointName(name, partitionOf(userId)));
      const wake = listening();
      const deadline = Date.now() + timeoutMs;
      const controller = new AbortController();
      let seen = wake.generation();
      if (known(position, rows)) return true;
      // Once a partition's checkpoint has been heard of, its notifications keep `reached` current:
      // the table is read only for one never heard of (or, below, when no notification came for a while).
      if (rows.some((name) => !reached.has(name))) await readRows(rows);
      for (;;) {
        if (known(position, rows)) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await wake.wait(seen, Math.min(left, RECHECK_MS), controller.signal);
        if (wake.generation() === seen) await readRows(rows);
        seen = wake.generation();
      }
    },
    onProjected(projected) {
      projectedListeners.push(projected);
      listening();
    },
    async close() {
      await listener?.close();
    },
  };
};
