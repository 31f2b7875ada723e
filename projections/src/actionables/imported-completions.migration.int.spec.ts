import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { allProjectors } from '../features.ts';
import { migrateReadModels } from '../migrate.ts';
import { handlesEvent, type ProjectedEvent } from '../projector.ts';
import { actionableCompleted, actionableCreated, actionablesImported, actionableStatusChanged, userRegistered } from '../testing/event-factories.ts';
import type { EventContext } from '../testing/projector-spec.ts';

const IMPORTED_COMPLETIONS = '2026-11-27-0017_imported_completions';

let landed: ReadModelDbHandle;
let replayed: ReadModelDbHandle;
beforeAll(async () => {
  const url = await createTestDatabase('imported_completions_migration');
  landed = createReadModelDb(url, 'rm', 2);
  replayed = createReadModelDb(url, 'rm_replayed', 2);
});
afterAll(async () => {
  await landed?.destroy();
  await replayed?.destroy();
});

/** The events in the log's order, each through every projector that handles it (the user's zone is known before their items). */
const project = (handle: ReadModelDbHandle, events: readonly ProjectedEvent[]) =>
  handle.db.transaction().execute(async (trx) => {
    for (const event of events) {
      for (const projector of allProjectors.filter((one) => handlesEvent(one, event.type))) await projector.apply(trx, event as never);
    }
  });

const rowsOf = async (handle: ReadModelDbHandle, userId: string) => ({
  completions: await handle.db.selectFrom('actionable_completions').selectAll().where('user_id', '=', userId).orderBy('event_id').execute(),
  byDay: await handle.db.selectFrom('actionables_by_day').selectAll().where('user_id', '=', userId).orderBy('from_date').orderBy('to_date').execute(),
});

it('adds the completions of imports already projected: the rows a replay of the log writes', async () => {
  const userId = randomUUID();
  const at = (instant: string): EventContext => ({ userId, at: instant, timezone: 'America/New_York' });
  const [imported, open, made] = [randomUUID(), randomUUID(), randomUUID()];
  const events: ProjectedEvent[] = [
    userRegistered(at('2026-02-01T00:00:00.000Z'), { timezone: 'America/New_York' }),
    // An import from before the completion's day was recorded: no zone, no completedOn.
    actionablesImported(at('2026-03-01T12:00:00.000Z'), randomUUID(), [
      {
        actionableId: imported,
        imported: { status: 'completed', completedAt: '2025-06-10T02:00:00.000Z', lastCompletedAt: null, streak: 0, lastCredited: null },
      },
      { actionableId: open },
    ]),
    actionableCreated(at('2026-03-02T12:00:00.000Z'), { actionableId: made }),
    actionableStatusChanged(at('2026-03-02T13:00:00.000Z'), { actionableId: made, from: 'pending', to: 'completed' }),
    actionableCompleted(at('2026-03-02T13:00:00.000Z'), { actionableId: made }),
  ];

  // The read models as the projector before this change left them: the import's items, no completion of theirs.
  await migrateReadModels(landed, { before: IMPORTED_COMPLETIONS });
  await project(landed, events);
  await landed.db.deleteFrom('actionable_completions').where('event_id', '=', imported).execute();
  expect((await rowsOf(landed, userId)).completions.map((row) => row.actionable_id)).toEqual([made]);

  expect(await migrateReadModels(landed)).toContain(IMPORTED_COMPLETIONS);
  await migrateReadModels(replayed);
  await project(replayed, events);
  const afterMigration = await rowsOf(landed, userId);
  expect(afterMigration).toEqual(await rowsOf(replayed, userId));
  expect(afterMigration.completions.find((row) => row.event_id === imported)).toMatchObject({ local_date: '2025-06-10', points: 0, timezone: 'UTC' });
});
