import type { EventStore, Position } from '@tracker/eventstore/port';
import { createWakeListener, type WakeListener } from '@tracker/eventstore/postgres/wake-listener';
import type { ReadModelDb } from './db.ts';
import { PROGRESS_CHANNEL } from './runner.ts';

export interface ProjectionProgress {
  /** True once every projector has applied the log up to `position`; false if the wait ran out. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
  /** Each projector's checkpoint ('start' if it has none yet). */
  checkpoints(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Read-your-writes: a command answers after the read models reach its events. Works whether the
 * projectors run in this process or another: it watches the checkpoints table, woken by the
 * runner's NOTIFY on each committed batch.
 */
export const createProjectionProgress = (options: {
  db: ReadModelDb;
  connectionString: string;
  store: EventStore;
  projectorNames: string[];
}): ProjectionProgress => {
  let listener: WakeListener | undefined;
  const wake = (): WakeListener => (listener ??= createWakeListener(options.connectionString, PROGRESS_CHANNEL));

  const checkpoints = async (): Promise<Record<string, string>> => {
    const rows = await options.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .where('name', 'in', options.projectorNames)
      .execute();
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.position]));
    return Object.fromEntries(options.projectorNames.map((name) => [name, byName[name] ?? 'start']));
  };

  const caughtUp = async (position: Position): Promise<boolean> => {
    const current = await checkpoints();
    return Object.values(current).every((checkpoint) => options.store.comparePositions(checkpoint, position) >= 0);
  };

  return {
    checkpoints,
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const controller = new AbortController();
      const listening = wake();
      for (;;) {
        const seen = listening.generation();
        if (await caughtUp(position)) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await listening.wait(seen, Math.min(left, 250), controller.signal);
      }
    },
    async close() {
      await listener?.close();
    },
  };
};
