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
  it('answers the defaults for a user the read model does not know (yet), today in the default zone', async () => {
    const userId = randomUUID();
    expect(await settingsOf(readModels.db, userId, new Date('2026-03-01T12:00:00Z'))).toEqual({
      ...settingsDefaults,
      id: userId,
      userId,
      createdAt: null,
      updatedAt: null,
      today: { date: '2026-03-01', endsAt: '2026-03-02T05:00:00.000Z', timezone: 'America/New_York', dayStartHour: 0 },
      next: null,
    });
  });

  it("answers the user's settings, and only theirs", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await project([
      userRegistered(at(0, alice), { timezone: 'Asia/Tokyo' }),
      userRegistered(at(0, bob)),
      projectedEvent('UserSettingsUpdated', { userId: alice, weekStart: 'monday', theme: 'dark' }, at(3, alice)),
    ]);
    expect(await settingsOf(readModels.db, alice, new Date(at(5, alice).at))).toEqual({
      ...settingsDefaults,
      timezone: 'Asia/Tokyo',
      weekStart: 'monday',
      theme: 'dark',
      id: alice,
      userId: alice,
      createdAt: at(0, alice).at,
      updatedAt: at(3, alice).at,
      today: { date: '2026-03-01', endsAt: '2026-03-01T15:00:00.000Z', timezone: 'Asia/Tokyo', dayStartHour: 0 },
      next: null,
    });
    expect(await settingsOf(readModels.db, bob, new Date(at(5, bob).at))).toMatchObject({ weekStart: 'sunday', theme: 'system', userId: bob });
  });

  it('says what waits for tomorrow, and answers the day after once today has ended', async () => {
    const userId = randomUUID();
    await project([
      userRegistered(at(0, userId), { timezone: 'UTC' }),
      // 11:00 UTC: already Monday in Kiritimati.
      projectedEvent('UserSettingsUpdated', { userId, timezone: 'Pacific/Kiritimati', dayStartHour: 4 }, at(120, userId)),
    ]);
    expect(await settingsOf(readModels.db, userId, new Date('2026-03-01T23:59:00Z'))).toMatchObject({
      timezone: 'Pacific/Kiritimati',
      dayStartHour: 4,
      today: { date: '2026-03-01', endsAt: '2026-03-02T00:00:00.000Z', timezone: 'UTC', dayStartHour: 0 },
      next: { timezone: 'Pacific/Kiritimati', dayStartHour: 4 },
    });
    // Monday in Kiritimati began at UTC midnight and ends at 04:00 Tuesday there (14:00 UTC): the new day start counts from it.
    expect(await settingsOf(readModels.db, userId, new Date('2026-03-02T00:00:00Z'))).toMatchObject({
      today: { date: '2026-03-02', endsAt: '2026-03-02T14:00:00.000Z', timezone: 'Pacific/Kiritimati', dayStartHour: 4 },
      next: null,
    });
  });

  it('a row from before calendars were kept starts one: at the request, and at the next event that moves it', async () => {
    const userId = randomUUID();
    await project([userRegistered(at(0, userId), { timezone: 'UTC' })]);
    await readModels.db.updateTable('user_settings').set({ calendar: null }).where('user_id', '=', userId).execute();
    expect((await settingsOf(readModels.db, userId, new Date('2026-03-01T20:00:00Z'))).today).toEqual({
      date: '2026-03-01',
      endsAt: '2026-03-02T00:00:00.000Z',
      timezone: 'UTC',
      dayStartHour: 0,
    });
    // 20:00 UTC is Monday in Kiritimati: the calendar begun at the event waits for UTC's midnight.
    await project([projectedEvent('UserSettingsUpdated', { userId, timezone: 'Pacific/Kiritimati' }, { userId, at: '2026-03-01T20:00:00.000Z' })]);
    const row = await readModels.db.selectFrom('user_settings').select('calendar').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.calendar).toMatchObject({ day: '2026-03-01', endsAt: '2026-03-02T00:00:00.000Z', rule: { zone: 'UTC' }, next: { zone: 'Pacific/Kiritimati' } });
  });
});
