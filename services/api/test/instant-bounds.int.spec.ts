import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/api-client.ts';

/**
 * Instants a client sends lie within [1900-01-01T12:00:00Z, 9999-12-31T09:59:59.999Z], so that their
 * local date in every zone (−12 … +14) is a day from 1900 to 9999. Each case failed before the bound:
 * a 500 (the event store's contract refused what HTTP let in), or a deadline whose local date
 * `+010000-01-01` sorted before today's and made an on-time completion late.
 */
describe('instants a client sends stay inside the calendar in every zone', () => {
  const app = useTestApp();

  const userIn = async (timezone: string) => {
    const { token } = await app.registerUser();
    const set = await app.json('PATCH', '/api/settings', { token, body: { timezone } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return token;
  };
  const expectRefused = async (token: string, method: string, path: string, body: unknown, field: string) => {
    const res = await app.json(method, path, { token, body });
    expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.body.message).toContain(field);
  };

  const outside = ['9999-12-31T23:59:59-12:00', '1900-01-01T00:00:00+14:00', '9999-12-31T10:00:00Z', '1900-01-01T11:59:59.999Z', '1900-01-01'];
  const inside = ['9999-12-31T09:59:59.999Z', '9999-12-31T23:59:59.999+14:00', '1900-01-01T12:00:00Z', '1900-01-01T00:00:00-12:00'];

  it('refuses an offset that moves the instant past the ends with a 400 naming the field (they were 500s)', async () => {
    const token = await userIn('UTC');
    const goal = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Parent' } });
    const task = await app.json('POST', '/api/goals/tasks', { token, body: { title: 'Parent task', goalId: goal.body.goal.id } });
    const item = await app.json('POST', '/api/actionables', { token, body: { title: 'Edited' } });
    for (const value of outside) {
      await expectRefused(token, 'POST', '/api/actionables', { title: 'x', deadline: value }, 'deadline');
      await expectRefused(token, 'POST', '/api/actionables/habits', { title: 'x', deadline: value }, 'deadline');
      await expectRefused(token, 'PATCH', `/api/actionables/${item.body.actionable.id}`, { deadline: value }, 'deadline');
      for (const field of ['dueDate', 'startDate', 'endDate']) {
        await expectRefused(token, 'POST', '/api/goals/goals', { title: 'x', [field]: value }, field);
        await expectRefused(token, 'POST', '/api/goals/tasks', { title: 'x', goalId: goal.body.goal.id, [field]: value }, field);
        await expectRefused(token, 'POST', '/api/goals/subtasks', { title: 'x', taskId: task.body.task.id, [field]: value }, field);
      }
      for (const field of ['deadline', 'completedAt', 'lastCompletedAt']) {
        await expectRefused(token, 'POST', '/api/actionables/import', [{ title: 'x', isHabit: true, [field]: value }], `actionables.0.${field}`);
      }
    }
  });

  it('accepts the ends themselves, in any offset that names them', async () => {
    const token = await userIn('Etc/GMT+12');
    for (const value of inside) {
      const created = await app.json('POST', '/api/actionables', { token, body: { title: 'Edge', deadline: value } });
      expect(created.status, `${value} ${JSON.stringify(created.body)}`).toBe(201);
      expect(created.body.actionable.deadline).toBe(new Date(value).toISOString());
      const goal = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Edge', dueDate: value, startDate: value, endDate: value } });
      expect(goal.status, `${value} ${JSON.stringify(goal.body)}`).toBe(201);
    }
  });

  it('refuses an import whose last completion lies past the calendar for a user in Pacific/Kiritimati (it was a 500)', async () => {
    const token = await userIn('Pacific/Kiritimati');
    await expectRefused(
      token,
      'POST',
      '/api/actionables/import',
      [{ isHabit: true, lastCompletedAt: '9999-12-31T23:59:59Z' }],
      'actionables.0.lastCompletedAt',
    );
    const listed = await app.json('GET', '/api/actionables', { token });
    expect(listed.body.actionables).toEqual([]);
  });

  it('never counts a completion before a far deadline as late for a user in +14 (it gave 20 points instead of 40)', async () => {
    const token = await userIn('Pacific/Kiritimati');
    // Past the bound: refused, so its local date (10000-01-01) can never be compared with today's.
    await expectRefused(token, 'POST', '/api/actionables', { title: 'Far', weight: 4, deadline: '9999-12-31T23:59:59Z' }, 'deadline');
    // The latest deadline accepted: its local date in +14 is 9999-12-31, completing it now is on time.
    const far = await app.json('POST', '/api/actionables', { token, body: { title: 'Far', weight: 4, deadline: '9999-12-31T09:59:59.999Z' } });
    expect(far.status).toBe(201);
    const done = await app.json('PATCH', `/api/actionables/${far.body.actionable.id}/complete`, { token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.pointsAwarded).toBe(40);
  });

  it('refuses an imported streak beyond the cap, and completes a habit imported at the cap (a streak of 1,000,000 could never be completed)', async () => {
    const token = await userIn('UTC');
    await expectRefused(token, 'POST', '/api/actionables/import', [{ isHabit: true, streak: 1_000_000 }], 'actionables.0.streak');
    await expectRefused(token, 'POST', '/api/actionables/import', [{ isHabit: true, streak: 100_001 }], 'actionables.0.streak');

    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const imported = await app.json('POST', '/api/actionables/import', {
      token,
      body: [{ title: 'Old habit', isHabit: true, streak: 100_000, lastCompletedAt: yesterday }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const habit = imported.body.actionables[0];
    expect(habit.streak).toBe(100_000);
    const done = await app.json('PATCH', `/api/actionables/habits/${habit.id}/complete`, { token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.streak).toBe(100_001);
  });

  it('refuses imported completions later than the import (beyond a day of clock skew)', async () => {
    const token = await userIn('UTC');
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    for (const field of ['completedAt', 'lastCompletedAt']) {
      await expectRefused(token, 'POST', '/api/actionables/import', [{ isHabit: true, [field]: later }], `actionables.0.${field}`);
    }
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const accepted = await app.json('POST', '/api/actionables/import', { token, body: [{ title: 'Clock ahead', completedAt: soon, status: 'completed' }] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });
});
