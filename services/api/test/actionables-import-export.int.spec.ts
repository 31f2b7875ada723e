import { describe, expect, it } from 'vitest';
import { importDecider } from '@tracker/domain/actionables/import.decider';
import { createCommandHandler, derivedUuid } from '../src/commands/command-handler.ts';
import { createActionableCommands, importStreamOf } from '../src/actionables/actionable-commands.ts';
import { createWorkItemCommands } from '../src/goals/work-item-commands.ts';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';
import { startTestApp } from './support/test-app.ts';

const app = useTestApp();
const { call, created, newUser } = apiClient(app);

const newActionable = (user: User, body: Record<string, unknown>) => created(user, '/actionables', body).then((b) => b.actionable);
const newHabit = (user: User, body: Record<string, unknown>) => created(user, '/actionables/habits', body).then((b) => b.habit);
const today = (user: User) => new Date().toLocaleDateString('en-CA', { timeZone: user.timezone });
/** A range wide enough for anything made today, whatever the zone. */
const wideRange = (user: User) => {
  const day = new Date(`${today(user)}T00:00:00Z`).getTime();
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `startDate=${date(day - 2 * 86_400_000)}&endDate=${date(day + 2 * 86_400_000)}`;
};
const exportOf = async (user: User) => {
  const res = await call(user, 'GET', `/actionables/export?${wideRange(user)}`);
  expect(res.status).toBe(200);
  return res.body;
};
const everything = async (user: User) => (await call(user, 'GET', '/actionables')).body.actionables as Array<Record<string, unknown>>;
const stats = async (user: User) => (await call(user, 'GET', '/actionables/stats')).body.stats;
/**
 * What an import into another account may change: ids, the owner, the date of import, the points
 * (imports award none), and whether a habit's last completion can be taken back, and which (the import recorded none).
 */
const portable = (items: Array<Record<string, unknown>>) =>
  items
    .map(({ id: _id, userId: _userId, createdAt: _createdAt, pointsAwarded: _points, ...rest }): Record<string, unknown> => ({
      ...rest,
      habitToday: rest.habitToday === null ? null : { ...(rest.habitToday as Record<string, unknown>), canUndo: undefined, undoes: undefined },
    }))
    .sort((a, b) => String(a.title).localeCompare(String(b.title)));

describe('export', () => {
  it('is a JSON download: attachment, {actionables, exportedAt, startDate, endDate, nextCursor}', async () => {
    const user = await newUser();
    const item = await newActionable(user, { title: 'Exported', weight: 4 });
    const range = wideRange(user);
    const res = await call(user, 'GET', `/actionables/export?${range}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="actionables-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.json"$/);
    const params = new URLSearchParams(range);
    expect(Object.keys(res.body).sort()).toEqual(['actionables', 'endDate', 'exportedAt', 'nextCursor', 'startDate']);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body).toMatchObject({ startDate: params.get('startDate'), endDate: params.get('endDate'), actionables: [item] });
    expect(new Date(res.body.exportedAt).toISOString()).toBe(res.body.exportedAt);
  });

  it('refuses a missing or inverted range with 400 naming the field', async () => {
    const user = await newUser();
    const missing = await call(user, 'GET', '/actionables/export?startDate=2026-01-01');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('endDate');
    const inverted = await call(user, 'GET', '/actionables/export?startDate=2026-01-02&endDate=2026-01-01');
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors[0].field).toBe('endDate');
  });
});

describe('import', () => {
  it('refuses a malformed item with 400 naming its index and field, and stores nothing', async () => {
    const user = await newUser();
    const good = { title: 'Fine' };
    for (const [bad, field] of [
      [{ title: 'Heavy', weight: 99 }, 'actionables.1.weight'],
      [{ title: 'Odd', status: 'someday-maybe' }, 'actionables.1.status'],
      [{ title: 'Vague', deadline: 'someday' }, 'actionables.1.deadline'],
    ] as const) {
      for (const body of [{ actionables: [good, bad, good] }, [good, bad, good]]) {
        const res = await call(user, 'POST', '/actionables/import', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      }
    }
    expect(await everything(user)).toEqual([]);
    expect(await stats(user)).toMatchObject({ total: 0, totalPoints: 0 });
  });

  it('refuses more than 1,000 items (and none) with 400, storing nothing', async () => {
    const user = await newUser();
    const tooMany = await call(user, 'POST', '/actionables/import', {
      actionables: Array.from({ length: 1001 }, (_, i) => ({ title: `Item ${i}` })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].field).toBe('actionables');
    const none = await call(user, 'POST', '/actionables/import', { actionables: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].field).toBe('actionables');
    expect(await everything(user)).toEqual([]);
  });

  it('takes bodies over 1 MB up to 5 MB, 413 beyond', async () => {
    const user = await newUser();
    const long = 'x'.repeat(5000);
    const big = Array.from({ length: 300 }, (_, i) => ({ title: `Long ${i}`, description: long }));
    expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);
    const res = await call(user, 'POST', '/actionables/import', big);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.imported).toBe(300);
    const huge = Array.from({ length: 1100 }, (_, i) => ({ title: `Huge ${i}`, description: long }));
    expect(JSON.stringify(huge).length).toBeGreaterThan(5 * 1024 * 1024);
    const tooLarge = await call(user, 'POST', '/actionables/import', huge);
    expect(tooLarge.status).toBe(413);
    expect(await everything(user)).toHaveLength(300);
    // Other routes keep the 1 MB limit.
    const create = await call(user, 'POST', '/actionables', { title: 'Big', description: 'z'.repeat(1024 * 1024) });
    expect(create.status).toBe(413);
  });

  it('accepts a bare array: 201 {imported, actionables} with new ids, fields and statuses kept', async () => {
    const user = await newUser();
    const res = await call(user, 'POST', '/actionables/import', [
      { id: '00000000-0000-4000-8000-000000000001', title: 'One', weight: 3, status: 'in-progress', userId: '00000000-0000-4000-8000-000000000002' },
      { title: 'Two', description: 'second', deadline: '2026-12-01T10:00:00.000Z', reminderTime: '08:30' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.imported).toBe(2);
    const [one, two] = res.body.actionables;
    expect(one).toMatchObject({ title: 'One', weight: 3, status: 'in-progress', userId: user.id, pointsAwarded: 0 });
    expect(one.id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect(two).toMatchObject({ title: 'Two', description: 'second', deadline: '2026-12-01T10:00:00.000Z', reminderTime: '08:30', status: 'pending' });
    expect((await everything(user)).map((item) => item.id).sort()).toEqual([one.id, two.id].sort());
  });

  it('round trip: export → import into a fresh account → export gives the same items but for ids, owner and import dates', async () => {
    const source = await newUser();
    await newActionable(source, {
      title: 'A pending one',
      description: 'with everything',
      weight: 7,
      deadline: '2026-12-24T18:00:00.000Z',
      reminderTime: '09:15',
      pointsToBeAwarded: 40,
    });
    await newActionable(source, { title: 'B in progress', status: 'in-progress' });
    await newActionable(source, { title: 'C not approached', status: 'not-approached' });
    const done = await newActionable(source, { title: 'D completed', weight: 5 });
    expect((await call(source, 'PATCH', `/actionables/${done.id}/complete`)).status).toBe(200);
    const habit = await newHabit(source, { title: 'E weekly habit', recurrence: { frequency: 'weekly', days: [0, 1, 2, 3, 4, 5, 6] } });
    expect((await call(source, 'PATCH', `/actionables/habits/${habit.id}/complete`)).status).toBe(200);
    await newHabit(source, { title: 'F monthly habit', active: false, recurrence: { frequency: 'monthly', dayOfMonth: 31 } });

    const exported = await exportOf(source);
    expect(exported.actionables).toHaveLength(6);
    const sourcePoints = (await stats(source)).totalPoints;
    expect(sourcePoints).toBeGreaterThan(0);

    const target = await newUser();
    const res = await call(target, 'POST', '/actionables/import', exported);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.imported).toBe(6);

    const again = await exportOf(target);
    expect(portable(again.actionables)).toEqual(portable(exported.actionables));
    for (const item of again.actionables) {
      expect(item.userId).toBe(target.id);
      expect(exported.actionables.map((e: { id: string }) => e.id)).not.toContain(item.id);
    }
    // The completed ones kept their completion dates and statuses, the habit its streak.
    const byTitle = Object.fromEntries(again.actionables.map((item: { title: string }) => [item.title, item]));
    expect(byTitle['D completed']).toMatchObject({
      status: 'completed',
      completedAt: exported.actionables.find((e: { id: string }) => e.id === done.id).completedAt,
    });
    expect(byTitle['E weekly habit']).toMatchObject({ streak: 1 });
    expect((await stats(source)).totalPoints).toBe(sourcePoints);
  });

  it('re-importing your own export copies nothing: every item is reported already present; new items beside them are imported', async () => {
    const user = await newUser();
    const done = await newActionable(user, { title: 'Done once', weight: 5 });
    expect((await call(user, 'PATCH', `/actionables/${done.id}/complete`)).status).toBe(200);
    await newActionable(user, { title: 'Still open' });
    const habit = await newHabit(user, { title: 'Daily walk', recurrence: { frequency: 'daily' } });
    expect((await call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).status).toBe(200);
    const exported = await exportOf(user);
    expect(exported.actionables).toHaveLength(3);
    const before = await everything(user);
    const statsBefore = await stats(user);

    const res = await call(user, 'POST', '/actionables/import', exported);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ imported: 0, actionables: [] });
    expect(res.body.skipped).toEqual(exported.actionables.map((item: { id: string }, index: number) => ({ index, id: item.id, reason: 'already present' })));
    expect(await everything(user)).toEqual(before);
    expect(await stats(user)).toEqual(statsBefore);

    // The same file with one new item (and one with an id that is nobody's): only those two are stored.
    const mixed = [...exported.actionables, { title: 'Brand new' }, { id: '00000000-0000-4000-8000-00000000abcd', title: 'Unknown id' }];
    const more = await call(user, 'POST', '/actionables/import', mixed);
    expect(more.status, JSON.stringify(more.body)).toBe(201);
    expect(more.body.imported).toBe(2);
    expect(more.body.skipped.map((s: { index: number }) => s.index)).toEqual([0, 1, 2]);
    expect(more.body.actionables.map((item: { title: string }) => item.title)).toEqual(['Brand new', 'Unknown id']);
    expect(more.body.actionables[1].id).not.toBe('00000000-0000-4000-8000-00000000abcd');
    expect(await everything(user)).toHaveLength(5);
  });

  it('another user importing the file gets new items with new ids and is not told the ids exist', async () => {
    const owner = await newUser();
    await newActionable(owner, { title: 'Mine alone' });
    const exported = await exportOf(owner);
    const stranger = await newUser();
    const res = await call(stranger, 'POST', '/actionables/import', exported);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ imported: 1, skipped: [] });
    expect(res.body.actionables[0].id).not.toBe(exported.actionables[0].id);
    expect((await everything(owner)).map((item) => item.id)).toEqual([exported.actionables[0].id]);
    // Junk where an id goes is no id: the item is new, never a 5xx.
    const junk = await call(stranger, 'POST', '/actionables/import', [
      { id: 'x\u0000\ud800', title: 'Junk id' },
      { id: { nested: [1] }, title: 'Object id' },
      { id: 12, title: 'Number id' },
    ]);
    expect(junk.status, JSON.stringify(junk.body)).toBe(201);
    expect(junk.body).toMatchObject({ imported: 3, skipped: [] });
  });

  it('keeps links to the caller’s own live goal, task and subtask; clears another account’s', async () => {
    const user = await newUser();
    const other = await newUser();
    const goal = (await created(user, '/goals/goals', { title: 'G' })).goal;
    const task = (await created(user, '/goals/tasks', { title: 'T', goalId: goal.id })).task;
    const foreignGoal = (await created(other, '/goals/goals', { title: 'Not yours' })).goal;
    const res = await call(user, 'POST', '/actionables/import', [
      { title: 'Mine', goalId: goal.id, taskId: task.id },
      { title: 'Foreign', goalId: foreignGoal.id },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.actionables[0]).toMatchObject({ goalId: goal.id, taskId: task.id, subtaskId: null });
    expect(res.body.actionables[1]).toMatchObject({ goalId: null });
  });

  it('imported completed items award no points', async () => {
    const user = await newUser();
    const before = await stats(user);
    const heatmapBefore = (await call(user, 'GET', '/actionables/heatmap')).body.heatmap;
    const res = await call(user, 'POST', '/actionables/import', {
      actionables: [
        { title: 'Done long ago', weight: 10, status: 'completed', completedAt: '2025-03-01T12:00:00.000Z', pointsToBeAwarded: 500 },
        { title: 'Habit', isHabit: true, status: 'completed', completedAt: '2025-03-02T12:00:00.000Z', lastCompletedAt: '2025-03-02T12:00:00.000Z', streak: 9 },
      ],
    });
    expect(res.status).toBe(201);
    for (const item of res.body.actionables) expect(item).toMatchObject({ status: 'completed', pointsAwarded: 0 });
    expect(res.body.actionables[0].completedAt).toBe('2025-03-01T12:00:00.000Z');
    const after = await stats(user);
    expect(after).toMatchObject({ total: 2, completed: 2, totalPoints: before.totalPoints });
    expect(before.totalPoints).toBe(0);
    // The completed to-do's completion counts in history, worth nothing (the habit's standing is its streak).
    expect((await call(user, 'GET', '/actionables/heatmap')).body.heatmap).toEqual([...heatmapBefore, { date: '2025-03-01', count: 1, points: 0 }]);
  });

  it('imported history appears in the heatmap and the daily chart as completions on the days they were done, with no points', async () => {
    const user = await newUser('Importer', 'America/New_York');
    const res = await call(user, 'POST', '/actionables/import', {
      actionables: [
        // 22:00 on 1 March 2025 in New York (already the 2nd in UTC).
        { title: 'Filed taxes', weight: 10, status: 'completed', completedAt: '2025-03-02T03:00:00.000Z', pointsToBeAwarded: 500 },
        { title: 'Called mum', status: 'completed', completedAt: '2025-03-01T15:00:00.000Z' },
        { title: 'Booked dentist', status: 'completed', completedAt: '2025-03-03T15:00:00.000Z' },
        { title: 'Still open', status: 'pending' },
      ],
    });
    expect(res.status).toBe(201);
    const range = 'startDate=2025-02-28&endDate=2025-03-03&timezone=America/New_York';
    const { heatmap } = (await call(user, 'GET', `/points/heatmap?${range}`)).body;
    expect(heatmap).toEqual([
      { date: '2025-02-28', points: 0, count: 0, completions: 0 },
      { date: '2025-03-01', points: 0, count: 0, completions: 2 },
      { date: '2025-03-02', points: 0, count: 0, completions: 0 },
      { date: '2025-03-03', points: 0, count: 0, completions: 1 },
    ]);
    const { summary } = (await call(user, 'GET', `/dashboard/summary?${range}`)).body;
    expect(summary).toMatchObject({ totalPoints: 0, completedCount: 3, topAchievements: [] });
    expect(summary.dailyPoints).toEqual(heatmap.map(({ date, completions }: { date: string; completions: number }) => ({ date, points: 0, completions })));
    expect((await call(user, 'GET', '/points/stats')).body.stats).toMatchObject({ total: 0, streak: 0 });
    // Reopened, an imported item leaves history as any completion does.
    const taxes = res.body.actionables.find((item: { title: string }) => item.title === 'Filed taxes');
    expect((await call(user, 'PATCH', `/actionables/${taxes.id}`, { status: 'pending' })).status).toBe(200);
    expect((await call(user, 'GET', `/points/heatmap?${range}`)).body.heatmap[1]).toEqual({ date: '2025-03-01', points: 0, count: 0, completions: 1 });
  });

  it('Idempotency-Key: a retried import imports once', async () => {
    const user = await newUser();
    const body = { actionables: [{ title: 'First' }, { title: 'Second', status: 'completed', completedAt: '2025-01-01T00:00:00.000Z' }] };
    const headers = { 'Idempotency-Key': 'import-once-1' };
    const first = await call(user, 'POST', '/actionables/import', body, headers);
    expect(first.status).toBe(201);
    const retry = await call(user, 'POST', '/actionables/import', body, headers);
    expect(retry.status).toBe(201);
    expect(retry.body.actionables.map((item: { id: string }) => item.id)).toEqual(first.body.actionables.map((item: { id: string }) => item.id));
    expect(await everything(user)).toHaveLength(2);
    // Without a key, the same body is another import.
    expect((await call(user, 'POST', '/actionables/import', body)).status).toBe(201);
    expect(await everything(user)).toHaveLength(4);
  });

  it('lists an import in its order, newest first being the first item (an export comes back as it went)', async () => {
    const user = await newUser();
    const titles = Array.from({ length: 30 }, (_, index) => `Ordered ${index}`);
    const res = await call(
      user,
      'POST',
      '/actionables/import',
      titles.map((title) => ({ title })),
    );
    expect(res.status).toBe(201);
    expect(res.body.actionables.map((item: { title: string }) => item.title)).toEqual(titles);
    expect((await everything(user)).map((item) => item.title)).toEqual(titles);
    expect(res.body.actionables.map((item: { createdAt: string }) => item.createdAt)).toEqual((await everything(user)).map((item) => item.createdAt));
  });

  it('Idempotency-Key: the same key with another body is refused with 409 and changes nothing', async () => {
    const user = await newUser();
    const headers = { 'Idempotency-Key': 'import-reused-1' };
    const first = await call(user, 'POST', '/actionables/import', [{ title: 'First' }, { title: 'Second' }], headers);
    expect(first.status).toBe(201);
    // The same number of items of the same kind: only the body tells them apart.
    const reused = await call(user, 'POST', '/actionables/import', [{ title: 'Other' }, { title: 'Body' }], headers);
    expect(reused.status, JSON.stringify(reused.body)).toBe(409);
    expect(reused.body.code).toBe('idempotency_key_reused');
    expect((await everything(user)).map((item) => item.title).sort()).toEqual(['First', 'Second']);
    // The first request again is still answered as the first time.
    const again = await call(user, 'POST', '/actionables/import', [{ title: 'First' }, { title: 'Second' }], headers);
    expect(again.status).toBe(201);
    expect(again.body.actionables.map((item: { id: string }) => item.id)).toEqual(first.body.actionables.map((item: { id: string }) => item.id));
  });

  it('is all or nothing: one item the store cannot hold refuses the whole import, stored nothing, again and again', async () => {
    const user = await newUser();
    const items = Array.from({ length: 20 }, (_, index) => ({ title: `Item ${index}` }));
    items[14] = { ...items[14]!, deadline: '9999-12-31T23:59:59-12:00' } as (typeof items)[number];
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await call(user, 'POST', '/actionables/import', items);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain('deadline');
      expect(await everything(user)).toEqual([]);
    }
  });

  it('an import stored whole before its request died: visible whole at once, its items made complete-able by the reactor, a retry answers the same', async () => {
    const user = await newUser();
    const items = [{ title: 'One' }, { title: 'Two', weight: 2 }, { title: 'Three', status: 'in-progress' as const }];
    const key = 'import-died-1';
    const entries = items.map(({ title, ...rest }) => ({
      fields: { title, weight: 'weight' in rest ? rest.weight : undefined },
      history: { status: 'status' in rest ? rest.status : undefined },
    }));
    // The request dies right after storing the import, before any item has a stream of its own.
    const commands = createCommandHandler({ store: app.runtime.store });
    const dying: typeof commands = {
      ...commands,
      execute: (decider, stream, command, context, options) =>
        stream.startsWith('actionable-') ? Promise.reject(new Error('the process died')) : commands.execute(decider, stream, command, context, options),
    };
    const context = { userId: user.id, requestId: 'died-import', now: new Date(), idempotencyKey: key, timezone: user.timezone };
    await expect(createActionableCommands({ commands: dying, items: createWorkItemCommands({ commands }) }).importAll(entries, context)).rejects.toThrow(
      'the process died',
    );
    // The read side has all three from the one event; the reactor gives each its stream, so each completes.
    await expect.poll(async () => (await everything(user)).length, { timeout: 10_000 }).toBe(3);
    const stored = await everything(user);
    expect(stored.map((item) => item.title).sort()).toEqual(['One', 'Three', 'Two']);
    for (const item of stored) {
      await expect.poll(async () => (await call(user, 'PATCH', `/actionables/${String(item.id)}/complete`)).status, { timeout: 10_000 }).toBe(200);
    }
    expect((await stats(user)).totalPoints).toBe(10 + 20 + 10);
    // The client's retry under its key: the same items, nothing new.
    const retry = await createActionableCommands({ commands, items: createWorkItemCommands({ commands }) }).importAll(entries, {
      ...context,
      requestId: 'retry',
    });
    expect(retry.items.map((item) => item.id).sort()).toEqual(stored.map((item) => item.id).sort());
    expect(await everything(user)).toHaveLength(3);
  });

  it('spreads a stored import over item streams once, whoever does it and however often', async () => {
    const user = await newUser();
    const res = await call(user, 'POST', '/actionables/import', [{ title: 'Once' }, { title: 'Twice' }], { 'Idempotency-Key': 'import-spread-1' });
    expect(res.status).toBe(201);
    const commands = createCommandHandler({ store: app.runtime.store });
    const actionables = createActionableCommands({ commands, items: createWorkItemCommands({ commands }) });
    const stored = await commands.load(importDecider, importStreamOf(derivedUuid(user.id, 'import-spread-1', 'import')));
    if (stored.state.status !== 'imported') throw new Error('the import is not stored');
    // The reactor's repeat, twice more, at once: the item streams keep one creation each.
    const again = { data: stored.state.import, occurredAt: stored.state.importedAt };
    await Promise.all([
      actionables.materialise(again, { userId: user.id, requestId: 'r1' }),
      actionables.materialise(again, { userId: user.id, requestId: 'r2' }),
    ]);
    for (const item of res.body.actionables as Array<{ id: string }>) {
      const events = [];
      for await (const event of app.runtime.store.readStream(`actionable-${item.id}`)) events.push(event.type);
      expect(events).toEqual(['ActionableCreated']);
    }
    expect(await everything(user)).toHaveLength(2);
  });

  it('stops at the account limit (10,000 unless configured): the import that would go beyond is refused whole (422), the rest stays', async () => {
    expect(app.config.accountMaxActionables).toBe(10_000);
    const small = await startTestApp({ env: { ACCOUNT_MAX_ACTIONABLES: '25' } });
    try {
      const { token } = await small.registerUser('Filler');
      const importing = (count: number) =>
        small.json('POST', '/api/actionables/import', { token, body: Array.from({ length: count }, (_, index) => ({ title: `Bulk ${index}` })) });
      expect((await importing(20)).status).toBe(201);
      const refused = await importing(6);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('An account holds at most 25 actionables; this import would go beyond that');
      expect((await small.json('GET', '/api/actionables/stats', { token })).body.stats.total).toBe(20);
      expect((await importing(5)).status).toBe(201);
      expect((await small.json('GET', '/api/actionables/stats', { token })).body.stats.total).toBe(25);
    } finally {
      await small.stop();
    }
  });
});
