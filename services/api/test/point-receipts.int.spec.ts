import { describe, expect, it } from 'vitest';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';

const app = useTestApp();
const { call, newUser, ok, created } = apiClient(app);
const DAY = 24 * 60 * 60 * 1000;
/** How far this file moved the app's clock: its now is the real one plus that. */
let shifted = 0;
const advance = (ms: number) => {
  shifted += ms;
  app.advanceClock(ms);
};
const now = () => Date.now() + shifted;

const preview = (user: User, sourceType: string, sourceId: string) =>
  call(user, 'GET', `/points/receipt?sourceType=${encodeURIComponent(sourceType)}&sourceId=${encodeURIComponent(sourceId)}`);
const previewed = async (user: User, sourceType: string, sourceId: string) => {
  const res = await preview(user, sourceType, sourceId);
  if (res.status !== 200) throw new Error(`preview: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.receipt;
};
const auditOf = async (user: User) => {
  const res = await call(user, 'GET', '/points/audit');
  if (res.status !== 200) throw new Error(`audit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.audit;
};

describe('point receipts: completions say how they were counted, and a preview says it before', () => {
  it('a to-do completed late: the preview, the answer and the audit give the same receipt, and the points it awards', async () => {
    const user = await newUser();
    // Due at noon UTC three days ago: late by 3 local days in New York (the default zone).
    const deadline = new Date(now() - 3 * DAY).toISOString();
    const item = (await created(user, '/actionables', { title: 'Tax', weight: 2, deadline })).actionable;
    const before = await previewed(user, 'actionable', item.id);
    expect(before).toEqual({ rule: 'actionable', rulesVersion: 1, inputs: { weight: 2, pointsToBeAwarded: 0, late: true, daysLate: 3 }, points: 10 });
    // Previewing appended nothing: no points, no audit entry.
    expect((await auditOf(user)).entries).toEqual([]);

    const done = await ok(user, 'PATCH', `/actionables/${item.id}/complete`);
    expect(done.receipt).toEqual(before);
    expect(done.pointsAwarded).toBe(before.points);
    expect(done.actionable.pointsAwarded).toBe(before.points);
    const audit = await auditOf(user);
    expect(audit.entries.map((e: { receipt: unknown; points: number }) => [e.receipt, e.points])).toEqual([[before, 10]]);
    expect(audit.consistent).toBe(true);

    // Already completed: the same 409 the completion answers, nothing appended.
    const again = await preview(user, 'actionable', item.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Actionable is already completed');
  });

  it('own points and on time: the receipt names them; reopening names the award it takes back', async () => {
    const user = await newUser();
    const item = (await created(user, '/actionables', { title: 'Bonus', weight: 4, pointsToBeAwarded: 35 })).actionable;
    const before = await previewed(user, 'actionable', item.id);
    expect(before).toEqual({ rule: 'actionable', rulesVersion: 1, inputs: { weight: 4, pointsToBeAwarded: 35, late: false, daysLate: 0 }, points: 35 });
    expect((await ok(user, 'PATCH', `/actionables/${item.id}/complete`)).receipt).toEqual(before);
    const reopened = await ok(user, 'PATCH', `/actionables/${item.id}`, { status: 'pending' });
    // An update that moves points says how: here what it took back.
    expect(reopened.receipt).toEqual({ rule: 'revocation', rulesVersion: 1, inputs: { awarded: 35 }, points: -35 });
    // One that moves none says nothing of points.
    expect((await ok(user, 'PATCH', `/actionables/${item.id}`, { title: 'Bonus!' })).receipt).toBeUndefined();
    const [award, revocation] = (await auditOf(user)).entries;
    expect(revocation).toMatchObject({ points: -35, rulesVersion: 1, revokes: { position: award.position, rulesVersion: 1 } });
    expect(revocation.receipt).toBeUndefined();
    // Pending again: it can be completed again, for the same receipt.
    expect(await previewed(user, 'actionable', item.id)).toEqual(before);
  });

  it('a habit: the streak it would reach; the take-back answers what it revoked', async () => {
    const user = await newUser();
    const habit = (await created(user, '/actionables/habits', { title: 'Read', weight: 3 })).habit;
    const first = await previewed(user, 'habit', habit.id);
    expect(first).toEqual({ rule: 'habit', rulesVersion: 1, inputs: { weight: 3, streak: 1 }, points: 30 });
    // The same item asked for as an actionable completes as a habit: the same receipt.
    expect(await previewed(user, 'actionable', habit.id)).toEqual(first);
    const done = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect([done.receipt, done.pointsAwarded, done.streak]).toEqual([first, 30, 1]);

    const twice = await preview(user, 'habit', habit.id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('habit_already_completed');

    advance(DAY);
    const second = await previewed(user, 'habit', habit.id);
    expect(second).toEqual({ rule: 'habit', rulesVersion: 1, inputs: { weight: 3, streak: 2 }, points: 33 });
    expect((await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).receipt).toEqual(second);

    const undone = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    expect(undone).toMatchObject({ pointsRevoked: 33, receipt: { rule: 'revocation', rulesVersion: 1, inputs: { awarded: 33 }, points: -33 } });
    // Taken back: completing it again would earn the same again.
    expect(await previewed(user, 'habit', habit.id)).toEqual(second);
    const entries = (await auditOf(user)).entries;
    expect(entries.at(-1)).toMatchObject({ points: -33, revokes: { position: entries.at(-2).position, rulesVersion: 1 } });
  });

  it('a habit day recorded afterwards: its answer carries the half-points receipt with the later days it lengthened', async () => {
    const user = await newUser();
    const habit = (await created(user, '/actionables/habits', { title: 'Walk', weight: 2, startDate: localDate(-3) })).habit;
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    const backfill = await created(user, `/actionables/habits/${habit.id}/completions`, { date: localDate(-1) });
    // Yesterday at streak 1: half of 20; today's credit goes from streak 1 to 2: +2.
    expect(backfill.receipt).toEqual({
      rule: 'habitBackfill',
      rulesVersion: 1,
      inputs: { weight: 2, streak: 1, date: localDate(-1), recounted: [{ date: localDate(0), streak: 2, previousStreak: 1, backfilled: false }] },
      points: 12,
    });
    expect(backfill.pointsAwarded).toBe(12);
    expect((await auditOf(user)).consistent).toBe(true);
  });

  it('goals, tasks and subtasks: the preview is what completing them awards, whichever way they are completed', async () => {
    const user = await newUser();
    const goal = (await created(user, '/goals/goals', { title: 'Goal', priority: 2 })).goal;
    const task = (await created(user, '/goals/tasks', { title: 'Task', goalId: goal.id, priority: 1 })).task;
    const subtask = (await created(user, '/goals/subtasks', { title: 'Sub', taskId: task.id, priority: 4 })).subtask;
    const receipts = {
      goal: await previewed(user, 'goal', goal.id),
      task: await previewed(user, 'task', task.id),
      subtask: await previewed(user, 'subtask', subtask.id),
    };
    expect(receipts).toEqual({
      goal: { rule: 'goal', rulesVersion: 1, inputs: { priority: 2, base: 25 }, points: 100 },
      task: { rule: 'task', rulesVersion: 1, inputs: { priority: 1, base: 10 }, points: 50 },
      subtask: { rule: 'subtask', rulesVersion: 1, inputs: { priority: 4, base: 5 }, points: 10 },
    });
    const done = await ok(user, 'POST', `/goals/subtasks/${subtask.id}/complete`);
    expect([done.receipt, done.pointsAwarded]).toEqual([receipts.subtask, 10]);
    // Completed by an update: its answer carries the same receipt.
    expect((await ok(user, 'PATCH', `/goals/tasks/${task.id}`, { status: 'completed' })).receipt).toEqual(receipts.task);
    expect((await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: 'completed' })).receipt).toEqual(receipts.goal);
    const audit = await auditOf(user);
    expect(audit.entries.map((e: { receipt: unknown }) => e.receipt)).toEqual([receipts.subtask, receipts.task, receipts.goal]);
    // Completed: refused as completing them again is (422).
    for (const [type, id] of [
      ['goal', goal.id],
      ['subtask', subtask.id],
    ]) {
      const res = await preview(user, type!, id!);
      expect([res.status, res.body.message]).toEqual([422, `${type === 'goal' ? 'Goal' : 'Subtask'} is already completed`]);
    }
    // Created completed: the creation's answer carries the award's receipt.
    const done2 = await created(user, '/goals/goals', { title: 'Done already', priority: 5, status: 'completed' });
    expect(done2.receipt).toEqual({ rule: 'goal', rulesVersion: 1, inputs: { priority: 5, base: 25 }, points: 25 });
    expect((await created(user, '/goals/goals', { title: 'Not yet' })).receipt).toBeUndefined();
  });

  it('another user’s item, a missing one, or the wrong kind: 404, as for a completion; nothing of theirs is read or changed', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const goal = (await created(owner, '/goals/goals', { title: 'Mine' })).goal;
    const task = (await created(owner, '/goals/tasks', { title: 'Mine', goalId: goal.id })).task;
    const subtask = (await created(owner, '/goals/subtasks', { title: 'Mine', taskId: task.id })).subtask;
    const todo = (await created(owner, '/actionables', { title: 'Mine' })).actionable;
    const habit = (await created(owner, '/actionables/habits', { title: 'Mine' })).habit;
    const cases: Array<[string, string]> = [
      ['goal', goal.id],
      ['task', task.id],
      ['subtask', subtask.id],
      ['actionable', todo.id],
      ['habit', habit.id],
    ];
    for (const [type, id] of cases) {
      expect((await preview(stranger, type, id)).status).toBe(404);
      expect((await preview(owner, type, '0b6f1c9e-2f5c-4b8e-9a51-0d6f3f0e8a11')).status).toBe(404);
    }
    // The wrong kind: a to-do is not a habit, a goal's id is no task.
    expect((await preview(owner, 'habit', todo.id)).status).toBe(404);
    expect((await preview(owner, 'task', goal.id)).status).toBe(404);
    // A subtask under a deleted task is gone, as it is for completing it.
    await ok(owner, 'DELETE', `/goals/tasks/${task.id}`);
    expect((await preview(owner, 'subtask', subtask.id)).status).toBe(404);
    expect((await auditOf(owner)).entries).toEqual([]);
    expect((await auditOf(stranger)).entries).toEqual([]);
  });

  it('bad input: 400 naming the field, whatever is sent', async () => {
    const user = await newUser();
    const id = '0b6f1c9e-2f5c-4b8e-9a51-0d6f3f0e8a11';
    const cases: Array<[string, string]> = [
      ['', 'sourceType'],
      [`sourceId=${id}`, 'sourceType'],
      [`sourceType=points&sourceId=${id}`, 'sourceType'],
      [`sourceType=Goal&sourceId=${id}`, 'sourceType'],
      [`sourceType=goal%00&sourceId=${id}`, 'sourceType'],
      ['sourceType=goal', 'sourceId'],
      ['sourceType=goal&sourceId=42', 'sourceId'],
      ['sourceType=habit&sourceId=%ED%A0%80', 'sourceId'],
      [`sourceType=goal&sourceId=${'a'.repeat(5000)}`, 'sourceId'],
      [`sourceType=goal&sourceType=task&sourceId=${id}`, 'sourceType'],
    ];
    for (const [query, field] of cases) {
      const res = await call(user, 'GET', `/points/receipt?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await app.json('GET', `/api/points/receipt?sourceType=goal&sourceId=${id}`)).status).toBe(401);
  });
});

/** The default zone's (New York's) local date `days` from the app's today. */
const localDate = (days: number): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(now() + days * DAY));
