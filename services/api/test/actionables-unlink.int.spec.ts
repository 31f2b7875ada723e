import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/api-client.ts';

describe('deleting a goal, task or subtask', () => {
  const app = useTestApp();
  let token: string;
  beforeAll(async () => {
    ({ token } = await app.registerUser());
  });

  const create = async (path: string, body: object) => (await app.json('POST', `/api/${path}`, { token, body })).body;
  const links = async (id: string) => {
    const { actionable } = (await app.json('GET', `/api/actionables/${id}`, { token })).body;
    return { title: actionable.title, goalId: actionable.goalId, taskId: actionable.taskId, subtaskId: actionable.subtaskId };
  };

  it('unlinks the actionables that pointed at it: they stay, the link is cleared, once', async () => {
    const goal = (await create('goals/goals', { title: 'Garden' })).goal;
    const task = (await create('goals/tasks', { goalId: goal.id, title: 'Beds' })).task;
    const subtask = (await create('goals/subtasks', { taskId: task.id, title: 'Soil' })).subtask;
    const toGoal = (await create('actionables', { title: 'Water', goalId: goal.id })).actionable;
    const toTask = (await create('actionables', { title: 'Weed', goalId: goal.id, taskId: task.id })).actionable;
    const toSubtask = (await create('actionables', { title: 'Dig', subtaskId: subtask.id })).actionable;
    const free = (await create('actionables', { title: 'Rest' })).actionable;

    expect((await app.request('DELETE', `/api/goals/tasks/${task.id}`, { token })).status).toBe(204);
    // The task's deletion and its subtask's (cascaded) clear their links; the goal link stays.
    await expect.poll(() => links(toTask.id), { timeout: 20_000 }).toEqual({ title: 'Weed', goalId: goal.id, taskId: null, subtaskId: null });
    await expect.poll(() => links(toSubtask.id), { timeout: 20_000 }).toEqual({ title: 'Dig', goalId: null, taskId: null, subtaskId: null });
    expect(await links(toGoal.id)).toEqual({ title: 'Water', goalId: goal.id, taskId: null, subtaskId: null });

    expect((await app.request('DELETE', `/api/goals/goals/${goal.id}`, { token })).status).toBe(204);
    await expect.poll(() => links(toGoal.id), { timeout: 20_000 }).toEqual({ title: 'Water', goalId: null, taskId: null, subtaskId: null });
    await expect.poll(() => links(toTask.id), { timeout: 20_000 }).toEqual({ title: 'Weed', goalId: null, taskId: null, subtaskId: null });
    expect(await links(free.id)).toEqual({ title: 'Rest', goalId: null, taskId: null, subtaskId: null });

    // Each unlink is one update, recorded once: the task's, then the goal's.
    const updates = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM es.events WHERE stream_id = ${`actionable-${toTask.id}`} AND type = 'ActionableUpdated'`.execute(
      app.runtime.readModels.db,
    );
    expect(updates.rows[0]!.n).toBe('2');
    const listed = (await app.json('GET', '/api/actionables', { token })).body.actionables as Array<{ id: string }>;
    expect(listed.map((a) => a.id).sort()).toEqual([toGoal.id, toTask.id, toSubtask.id, free.id].sort());
  });
});
