import type { Kysely, Transaction } from 'kysely';
import type { ReadModels } from './db.ts';

export type Checkpoint = string | 'start';

export const readCheckpoint = async (db: Kysely<ReadModels>, name: string): Promise<Checkpoint> => {
  const row = await db.selectFrom('projection_checkpoints').select('position').where('name', '=', name).executeTakeFirst();
  return row?.position ?? 'start';
};

export class CheckpointMoved extends Error {
  constructor(readonly projector: string) {
    super(`Checkpoint of ${projector} moved underneath this runner`);
    this.name = 'CheckpointMoved';
  }
}

/**
 * Compare-and-set: the checkpoint moves from `previous` to `next` or the transaction fails, so a
 * batch applied by someone else in the meantime is never applied a second time.
 */
export const advanceCheckpoint = async (
  trx: Transaction<ReadModels>,
  name: string,
  previous: Checkpoint,
  next: string,
): Promise<void> => {
  if (previous === 'start') {
    const inserted = await trx
      .insertInto('projection_checkpoints')
      .values({ name, position: next })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows !== 1n) throw new CheckpointMoved(name);
    return;
  }
  const updated = await trx
    .updateTable('projection_checkpoints')
    .set({ position: next, updated_at: new Date() })
    .where('name', '=', name)
    .where('position', '=', previous)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw new CheckpointMoved(name);
};
