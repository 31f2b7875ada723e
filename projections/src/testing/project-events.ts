import type { ReadModelDb } from '../db.ts';
import { allProjectors } from '../features.ts';
import { handlesEvent, type ProjectedEvent } from '../projector.ts';

/** Projects the events through every projector that handles them (as the runner would, one batch each) and commits. */
export const projectEvents = async (db: ReadModelDb, events: readonly ProjectedEvent[]): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    for (const projector of allProjectors) {
      const handled = events.filter((event) => handlesEvent(projector, event.type));
      if (handled.length === 0) continue;
      if (projector.applyBatch) await projector.applyBatch(trx, handled as never);
      else for (const event of handled) await projector.apply(trx, event as never);
    }
  });
};
