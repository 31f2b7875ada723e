import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';

// Issue 20, the account archive: a rich account downloaded and restored into a fresh one answers
// every read the same (ids and positions normalised, as they must differ); an edited archive, a newer
// one and a restore into an account with data are refused; nobody reads another's archive.

const app = useTestApp();
const { call, newUser, ok, created } = apiClient(app);

const ZONE = 'Europe/Paris';
/** The same offset as Paris all year: a change between them keeps today's date, so it applies at once. */
const MOVED_TO = 'Europe/Berlin';
const day = (days: number): string => DateTime.now().setZone(MOVED_TO).plus({ days }).toISODate()!;

const caughtUp = async (): Promise<void> => {
  await expect
    .poll(
      async () => {
        const ready = await app.json('GET', '/api/ready');
        return Object.values(ready.body.projections as Record<string, { caughtUp: boolean }>).every((p) => p.caughtUp);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
};

/** goals → tasks → subtasks, to-dos with deadlines, habits of several schedules with completions, an undo, a backfill, a freeze, a zone change, settings. */
const richAccount = async (user: User) => {
  await ok(user, 'PUT', '/settings/timezone', { timezone: MOVED_TO });
  await ok(user, 'PUT', '/settings/weekStart', { weekStart: 'monday' });
  await ok(user, 'PATCH', '/settings', { theme: 'dark' });
  const goal = (await created(user, '/goals/goals', { title: 'Run a marathon', priority: 2, dueDate: `${day(60)}T12:00:00Z` })).goal;
  const task = (await created(user, '/goals/tasks', { title: 'Build up', goalId: goal.id, priority: 1 })).task;
  const subtask = (await created(user, '/goals/subtasks', { title: '10 km', taskId: task.id, goalId: goal.id, priority: 3 })).subtask;
  await ok(user, 'POST', `/goals/subtasks/${subtask.id}/complete`);
  await ok(user, 'PATCH', `/goals/tasks/${task.id}`, { status: 'completed' });
  const reopened = (await created(user, '/goals/goals', { title: 'Reopened', priority: 4 })).goal;
  await ok(user, 'PATCH', `/goals/goals/${reopened.id}`, { status: 'completed' });
  await ok(user, 'PATCH', `/goals/goals/${reopened.id}`, { status: 'pending' });
  const late = (await created(user, '/actionables', { title: 'Tax return', weight: 3, deadline: '2020-01-01T12:00:00Z', goalId: goal.id })).actionable;
  await ok(user, 'PATCH', `/actionables/${late.id}/complete`);
  await created(user, '/actionables', { title: 'Renew passport', weight: 2, deadline: `${day(20)}T09:00:00Z` });
  const daily = (await created(user, '/actionables/habits', { title: 'Stretch', weight: 2, startDate: day(-3) })).habit;
  await ok(user, 'POST', `/actionables/habits/${daily.id}/completions`, { date: day(-1) });
  await ok(user, 'PATCH', `/actionables/habits/${daily.id}/complete`);
  await ok(user, 'PATCH', `/actionables/habits/${daily.id}/uncomplete`);
  await ok(user, 'PATCH', `/actionables/habits/${daily.id}/complete`);
  const weekly = (await created(user, '/actionables/habits', { title: 'Swim', recurrence: { frequency: 'weekly', days: [0, 1, 2, 3, 4, 5, 6] } })).habit;
  await ok(user, 'PATCH', `/actionables/habits/${weekly.id}/complete`);
  await created(user, '/actionables/habits', { title: 'Budget', recurrence: { frequency: 'monthly', dayOfMonth: 31 } });
  await created(user, '/actionables/habits/freezes', { from: day(1), to: day(2), habitId: daily.id });
  // Deleted: a completed goal with its task (the cascade's deletion) and a linked to-do (unlinked), and a completed to-do.
  const dropped = (await created(user, '/goals/goals', { title: 'Dropped', priority: 5 })).goal;
  const orphan = (await created(user, '/goals/tasks', { title: 'Orphan', goalId: dropped.id, priority: 5 })).task;
  await ok(user, 'PATCH', `/goals/tasks/${orphan.id}`, { status: 'completed' });
  await created(user, '/actionables', { title: 'Linked', goalId: dropped.id });
  await ok(user, 'DELETE', `/goals/goals/${dropped.id}`);
  const gone = (await created(user, '/actionables', { title: 'Gone', weight: 4 })).actionable;
  await ok(user, 'PATCH', `/actionables/${gone.id}/complete`);
  await ok(user, 'DELETE', `/actionables/${gone.id}`);
  await caughtUp();
  return { habits: [daily.id, weekly.id] };
};

const range = `startDate=${day(-30)}&endDate=${day(30)}`;
/** Every read route of an account's data. */
const readPaths = (habitIds: readonly string[]) => [
  '/goals/goals',
  '/goals/all-tasks',
  '/goals/all-subtasks',
  '/goals/goals/stats',
  '/goals/tasks/stats',
  '/goals/progress',
  '/actionables',
  '/actionables/habits',
  '/actionables/stats',
  '/actionables/heatmap',
  `/actionables/range?${range}`,
  `/actionables/export?${range}`,
  '/actionables/habits/freezes',
  '/points/stats',
  '/points/recent?limit=50',
  `/points/heatmap?${range}`,
  '/points/audit',
  `/dashboard/summary?${range}`,
  '/dashboard/daily-actionables',
  `/dashboard/date-range/goals?${range}`,
  `/dashboard/date-range/tasks?${range}`,
  `/dashboard/date-range/subtasks?${range}`,
  `/dashboard/date-range/actionables?${range}`,
  ...habitIds.map((id) => `/actionables/habits/${id}/history?startDate=${day(-5)}&endDate=${day(5)}`),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids and log positions must differ between the accounts: each becomes its order of first appearance; everything else must be equal (but an export's own instant). */
const normalised = (answers: unknown): unknown => {
  const seen = new Map<string, string>();
  const walk = (value: unknown, key: string): unknown => {
    // When the export was asked: the request's instant, not the account's.
    if (key === 'exportedAt') return 'the request';
    if (typeof value === 'string' && (UUID.test(value) || key === 'position' || key === 'nextCursor')) {
      if (!seen.has(value)) seen.set(value, `#${seen.size}`);
      return seen.get(value);
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(answers, '');
};

/** A read that must answer 200; its body. */
const get = async (user: User, path: string) => {
  const res = await call(user, 'GET', path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const readAll = async (user: User, paths: readonly string[]) => {
  const answers: Record<string, unknown> = {};
  // Keyed by the path with ids left out (a habit's history is the nth habit's).
  for (const path of paths) answers[path.replace(/[0-9a-f-]{36}/g, ':id')] = await get(user, path);
  const { settings } = await get(user, '/settings');
  const { id: _id, userId: _userId, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = settings;
  answers['/settings'] = values;
  return normalised(answers) as Record<string, unknown>;
};

const download = async (user: User) => {
  const res = await call(user, 'GET', '/account/archive');
  expect(res.status).toBe(200);
  return res.body;
};

describe('the account archive', () => {
  it('restores into a fresh account that answers every read as the original did', async () => {
    const user = await newUser('Original', ZONE);
    const { habits } = await richAccount(user);
    const archive = await download(user);
    expect(archive.manifest).toMatchObject({ format: 'tracker-account-archive', version: 1, userId: user.id });
    expect(archive.manifest.counts).toMatchObject({ goals: 3, tasks: 2, subtasks: 1, actionables: 4, habits: 3, freezes: 1 });
    expect(JSON.stringify(archive)).not.toContain(user.email);
    expect(archive.events.every((e: { metadata: { userId: string } }) => e.metadata.userId === user.id)).toBe(true);
    const before = await readAll(user, readPaths(habits));
    expect(before['/points/audit']).toMatchObject({ audit: { consistent: true, mismatches: [] } });

    const fresh = await newUser('Restored', MOVED_TO);
    const restored = await call(fresh, 'POST', '/account/archive', archive);
    expect(restored.status).toBe(201);
    expect(restored.body.restored.counts).toEqual(archive.manifest.counts);
    await caughtUp();
    // The restored account's habits, found by title: their ids are new.
    type Habit = { id: string; title: string };
    const titleOf = new Map(((await get(user, '/actionables/habits')).habits as Habit[]).map((h) => [h.id, h.title]));
    const idOf = new Map(((await get(fresh, '/actionables/habits')).habits as Habit[]).map((h) => [h.title, h.id]));
    const after = await readAll(fresh, readPaths(habits.map((id) => idOf.get(titleOf.get(id)!)!)));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    // Route by route, so a difference names its route.
    for (const key of Object.keys(before)) expect([key, after[key]]).toEqual([key, before[key]]);

    // The same archive again answers as the first time; anything else into an account with data is 409.
    const again = await call(fresh, 'POST', '/account/archive', archive);
    expect(again.status).toBe(201);
    const other = await newUser('Other', MOVED_TO);
    await created(other, '/goals/goals', { title: 'Mine', priority: 3 });
    await caughtUp();
    expect(await call(other, 'POST', '/account/archive', archive)).toMatchObject({ status: 409, body: { code: 'account_not_empty' } });
    // The restored account's own archive is the same history under its own ids.
    const second = await download(fresh);
    expect(second.manifest.counts).toEqual(archive.manifest.counts);
    expect(second.events.map((e: { type: string }) => e.type)).toEqual(archive.events.map((e: { type: string }) => e.type));
  });

  it('refuses an edited archive, a newer one, an unknown event and points the rules would not give, and restores nothing', async () => {
    const user = await newUser('Source', ZONE);
    await richAccount(user);
    const archive = await download(user);
    const fresh = await newUser('Target', MOVED_TO);
    const refused = async (edited: unknown, field: string, says: RegExp) => {
      const res = await call(fresh, 'POST', '/account/archive', edited);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(says) }]));
    };
    const copy = () => JSON.parse(JSON.stringify(archive));

    const tampered = copy();
    const titled = tampered.events.find((e: { type: string }) => e.type === 'GoalCreated');
    titled.data.title = titled.data.title.replace(/^R/, 'S');
    await refused(tampered, 'checksum', /edited or damaged/);

    const newer = copy();
    newer.manifest.version = 2;
    await refused(newer, 'manifest.version', /newer than this server reads/);

    // The checks past the checksum: recomputed as an editor would.
    const { archiveChecksum } = await import('../src/archive/archive-checksum.ts');
    const resigned = (edit: (a: ReturnType<typeof copy>) => void) => {
      const a = copy();
      edit(a);
      a.checksum = archiveChecksum(a);
      return a;
    };
    await refused(
      resigned((a) => (a.events[0].type = 'GoalPainted')),
      'events.0.type',
      /not an event type this server knows/,
    );
    await refused(
      resigned((a) => (a.events[0].version = 99)),
      'events.0.version',
      /newer than this server reads/,
    );
    await refused(
      resigned((a) => {
        const award = a.events.find((e: { type: string }) => e.type === 'PointsAwarded');
        award.data.points += 100;
      }),
      'events',
      /do not follow the rules/,
    );
    await refused(
      resigned((a) => {
        const first = a.events.findIndex((e: { type: string }) => e.type === 'ActionableCreated');
        a.events.splice(first, 1);
      }),
      expect.stringMatching(/^events\.\d+\.(type|revision)$/) as unknown as string,
      /must be/,
    );
    await caughtUp();
    expect((await get(fresh, '/goals/goals')).goals).toEqual([]);
    expect((await get(fresh, '/actionables')).actionables ?? []).toEqual([]);
    expect((await get(fresh, '/points/stats')).stats.total).toBe(0);
  });

  it('refuses what an attacker puts in an archive, checksum recomputed, with a 400 naming the field — never a 5xx — and restores nothing', async () => {
    const user = await newUser('Source of edits', ZONE);
    await richAccount(user);
    const archive = await download(user);
    const target = await newUser('Attacked', MOVED_TO);
    const { archiveChecksum } = await import('../src/archive/archive-checksum.ts');
    const goalAt = archive.events.findIndex((e: { type: string }) => e.type === 'GoalCreated');
    const awardAt = archive.events.findIndex((e: { type: string }) => e.type === 'PointsAwarded');
    let deep: unknown = 'bottom';
    for (let i = 0; i < 40; i += 1) deep = { deeper: deep };
    const someoneElse = '7b0c1a57-0000-4000-8000-000000000001';
    const cases: Array<[string, (a: any) => void, string | RegExp]> = [
      ['a NUL in a title', (a) => (a.events[goalAt].data.title = 'a\u0000b'), `events.${goalAt}.data`],
      ['a lone surrogate in a title', (a) => (a.events[goalAt].data.title = 'x\ud800'), `events.${goalAt}.data`],
      ['a payload nested 40 deep', (a) => (a.events[goalAt].data.description = deep), `events.${goalAt}.data`],
      ['no payload', (a) => (a.events[goalAt].data = null), `events.${goalAt}.data`],
      ['an impossible date', (a) => (a.events[goalAt].metadata.occurredAt = '2024-02-30T00:00:00Z'), `events.${goalAt}.metadata`],
      ['a local date past the calendar', (a) => (a.events[goalAt].metadata.localDate = '10000-01-01'), `events.${goalAt}.metadata`],
      ['nested metadata', (a) => (a.events[goalAt].metadata.timezone = { zone: 'UTC' }), `events.${goalAt}.metadata`],
      ['another user’s event', (a) => (a.events[goalAt].metadata.userId = someoneElse), `events.${goalAt}.metadata.userId`],
      ['a user stream', (a) => (a.events[goalAt].stream = `user-${user.id}`), `events.${goalAt}.stream`],
      ['another user’s freeze stream', (a) => (a.events[goalAt].stream = `freeze-${someoneElse}`), `events.${goalAt}.stream`],
      ['a revision that skips', (a) => (a.events[goalAt].revision = 7), `events.${goalAt}.revision`],
      ['a prototype key as type', (a) => (a.events[goalAt].type = '__proto__'), `events.${goalAt}.type`],
      ['points beyond any number', (a) => (a.events[awardAt].data.points = 1e300), `events.${awardAt}.data`],
      ['a fractional version', (a) => (a.manifest.version = 1.5), 'manifest.version'],
      ['events that are no list', (a) => (a.events = 'all of them'), 'events'],
    ];
    for (const [what, edit, field] of cases) {
      const edited = JSON.parse(JSON.stringify(archive));
      edit(edited);
      edited.checksum = archiveChecksum(edited);
      const res = await call(target, 'POST', '/account/archive', edited);
      expect([what, res.status]).toEqual([what, 400]);
      expect([what, res.body.errors?.[0]?.field]).toEqual([what, field]);
    }
    expect((await call(target, 'POST', '/account/archive', { ...archive, checksum: `sha256:${'g'.repeat(64)}` })).status).toBe(400);
    await caughtUp();
    expect((await get(target, '/goals/goals')).goals).toEqual([]);
    expect((await get(target, '/points/stats')).stats.total).toBe(0);
    // Still empty: the untouched archive restores.
    expect((await call(target, 'POST', '/account/archive', archive)).status).toBe(201);
  });

  it('refuses an archive over the event limit with a 400 naming events, and a body over the route’s limit with a 413', async () => {
    const target = await newUser('Too much', ZONE);
    const archive = await download(target);
    const { ARCHIVE_MAX_EVENTS, ARCHIVE_MAX_BYTES } = await import('@tracker/contracts/archive/http');
    const event = {
      id: archive.manifest.userId,
      stream: `freeze-${archive.manifest.userId}`,
      revision: 0,
      type: 'HabitsFrozen',
      version: 1,
      data: {},
      metadata: {},
      recordedAt: archive.manifest.exportedAt,
    };
    const many = { ...archive, events: Array.from({ length: ARCHIVE_MAX_EVENTS + 1 }, () => event) };
    const res = await call(target, 'POST', '/account/archive', many);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ field: 'events', message: `must hold at most ${ARCHIVE_MAX_EVENTS} events` });
    const huge = await app.request('POST', '/api/account/archive', {
      token: target.token,
      body: JSON.stringify({ ...archive, padding: 'x'.repeat(ARCHIVE_MAX_BYTES) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
  });

  it('a restore stored whole whose request died before writing it is written by the reactor; sent again, it answers as the first time and counts nothing twice', async () => {
    const user = await newUser('Before the crash', ZONE);
    const { habits } = await richAccount(user);
    const archive = await download(user);
    const fresh = await newUser('After the crash', MOVED_TO);
    const { planRestore } = await import('../src/archive/account-restore.ts');
    const { restoreEventOf, restoreStreamOf } = await import('../src/archive/account-restorer.ts');
    // What the request had done when it died: the restore stored, none of its streams written.
    const plan = planRestore(archive, fresh.id);
    await app.runtime.store.append(restoreStreamOf(fresh.id), [restoreEventOf(plan, { userId: fresh.id, requestId: 'died', now: new Date() })], 'no_stream');
    const held = (await get(user, '/points/stats')).stats.total;
    expect(held).toBeGreaterThan(0);
    await expect.poll(async () => (await get(fresh, '/points/stats')).stats.total, { timeout: 20_000 }).toBe(held);
    await caughtUp();
    const again = await call(fresh, 'POST', '/account/archive', archive);
    expect(again.status).toBe(201);
    expect(again.body.restored.counts).toEqual(archive.manifest.counts);
    await caughtUp();
    expect((await get(fresh, '/points/stats')).stats.total).toBe(held);
    expect((await get(fresh, '/goals/goals')).goals).toHaveLength((await get(user, '/goals/goals')).goals.length);
    expect((await get(fresh, '/actionables/habits')).habits).toHaveLength(habits.length + 1);
  });

  it('is the signed-in user’s own: another user downloads only theirs, and a request without a token is 401', async () => {
    const user = await newUser('Owner', ZONE);
    await created(user, '/goals/goals', { title: 'Private', priority: 1 });
    const stranger = await newUser('Stranger', ZONE);
    await caughtUp();
    const theirs = await download(stranger);
    expect(theirs.manifest.userId).toBe(stranger.id);
    expect(theirs.events).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Private');
    expect((await app.json('GET', '/api/account/archive')).status).toBe(401);
  });
});
