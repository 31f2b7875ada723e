import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { migrateReadModels } from '../migrate.ts';
import type { ProjectedEvent } from '../projector.ts';
import { actionableCompleted, actionableCreated, actionableStatusChanged, pointsAwarded, pointsRevoked } from '../testing/event-factories.ts';
import type { EventContext } from '../testing/projector-spec.ts';
import { actionablesProjection } from './actionables.projection.ts';

// A batch of completions writes each completed row once: its status and its points in one UPDATE.
// Every row version written is work for PostgreSQL (and a run of the day counts' trigger per statement).

let readModels: ReadModelDbHandle;
beforeAll(async () => {
  readModels = createReadModelDb(await createTestDatabase('actionable_row_writes'), 'rm', 2);
  await migrateReadModels(readModels);
});
afterAll(() => readModels?.destroy());

/** Applies one batch; answers how many row versions of `actionables` it wrote. */
const apply = (events: ProjectedEvent[]) =>
  readModels.db.transaction().execute(async (trx) => {
    // The session's counts not yet reported are in the view too: what the batch adds is the difference.
    const updated = async () =>
      Number(
        (await sql<{ n_tup_upd: string }>`SELECT n_tup_upd FROM pg_stat_xact_user_tables WHERE schemaname = 'rm' AND relname = 'actionables'`.execute(trx))
          .rows[0]?.n_tup_upd ?? 0,
      );
    const before = await updated();
    await actionablesProjection.applyBatch!(trx, events as never);
    return (await updated()) - before;
  });

it('completes a batch of to-dos with their awards in one version of each row', async () => {
  const userId = randomUUID();
  const at = (instant: string): EventContext => ({ userId, at: instant, timezone: 'UTC' });
  const ids: string[] = [randomUUID(), randomUUID(), randomUUID()];
  await apply(ids.map((actionableId) => actionableCreated(at('2026-03-01T08:00:00.000Z'), { actionableId })));

  const completions = ids.flatMap((actionableId, index) => [
    actionableStatusChanged(at('2026-03-02T08:00:00.000Z'), { actionableId, from: 'pending', to: 'completed' }),
    actionableCompleted(at('2026-03-02T08:00:00.000Z'), { actionableId }),
    pointsAwarded(at('2026-03-02T08:00:00.000Z'), { points: 10 * (index + 1), source: { type: 'actionable', id: actionableId }, hierarchy: { actionableId } }),
  ]);
  expect(await apply(completions)).toBe(ids.length);

  const rows = await readModels.db.selectFrom('actionables').select(['id', 'status', 'points_awarded']).where('user_id', '=', userId).execute();
  expect(rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))).toEqual(
    ids.map((id, index) => ({ id, status: 'completed', points_awarded: 10 * (index + 1) })),
  );

  // One alone: its status and points in one statement too.
  const [first] = ids as [string];
  expect(
    await apply([
      actionableStatusChanged(at('2026-03-03T08:00:00.000Z'), { actionableId: first, from: 'completed', to: 'pending' }),
      pointsRevoked(at('2026-03-03T08:00:00.000Z'), { points: 10, source: { type: 'actionable', id: first }, hierarchy: { actionableId: first } }),
    ]),
  ).toBe(1);
  expect(await readModels.db.selectFrom('actionables').select(['status', 'points_awarded']).where('id', '=', first).executeTakeFirst()).toEqual({
    status: 'pending',
    points_awarded: 0,
  });
});
