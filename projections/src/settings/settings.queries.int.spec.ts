import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsDefaults } from '@tracker/contracts/settings/http';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { migrateReadModels } from '../migrate.ts';
import { userRegistered } from '../testing/event-factories.ts';
import { projectedEvent, type EventContext } from '../testing/projector-spec.ts';
import { settingsProjection } from './settings.projection.ts';
import { settingsOf } from './settings.queries.ts';

let readModels: ReadModelDbHandle;
beforeAll(async () => {
  readModels = createReadModelDb(await createTestDatabase('settings_queries'), 'rm', 2);
  await migrateReadModels(readModels);
});
afterAll(async () => {
  await readModels?.destroy();
});

const at = (minutes: number, userId: string): EventContext => ({ userId, at: new Date(Date.UTC(2026, 2, 1, 9, minutes)).toISOString() });
const project = async (events: Parameters<typeof settingsProjection.apply>[1][]) =>
  readModels.db.transaction().execute(async (trx) => {
    for (const event of events) await settingsProjection.apply(trx, event);
  });

describe('settingsOf', () => {
  it('answers the defaults for a user the read model does not know (yet)', async () => {
    const userId = randomUUID();
    expect(await settingsOf(readModels.db, userId)).toEqual({ ...settingsDefaults, id: userId, userId, createdAt: null, updatedAt: null });
  });

  it("answers the user's settings, and only theirs", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await project([
      userRegistered(at(0, alice), { timezone: 'Asia/Tokyo' }),
      userRegistered(at(0, bob)),
      projectedEvent('UserSettingsUpdated', { userId: alice, weekStart: 'monday', theme: 'dark' }, at(3, alice)),
    ]);
    expect(await settingsOf(readModels.db, alice)).toEqual({
      ...settingsDefaults,
      timezone: 'Asia/Tokyo',
      weekStart: 'monday',
      theme: 'dark',
      id: alice,
      userId: alice,
      createdAt: at(0, alice).at,
      updatedAt: at(3, alice).at,
    });
    expect(await settingsOf(readModels.db, bob)).toMatchObject({ weekStart: 'sunday', theme: 'system', userId: bob });
  });
});
