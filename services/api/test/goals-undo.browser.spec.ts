import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, closeBrowserRun, openBrowserRun, signInWithToken, type BrowserRun } from './support/browser.ts';

/** Issue 19: undo toasts for completion and revert, in the goal tree too (the to-dos' are in actionables.browser.spec). */
describe.skipIf(!chromiumAvailable)('undoing a status change in the goal tree from its toast', () => {
  let run: BrowserRun;
  let token: string;

  beforeAll(async () => {
    run = await openBrowserRun();
    ({ token } = await run.app.registerUser('Undo Person'));
    await signInWithToken(run.page, run.app.url, token);
  });
  afterAll(() => closeBrowserRun(run));

  const create = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await run.app.json<T>('POST', `/api${path}`, { token, body });
    expect(response.status).toBe(201);
    return response.body;
  };
  const subtaskOf = async (id: string) =>
    (await run.app.json<{ subtask: { status: string; pointsAwarded: number } }>('GET', `/api/goals/subtasks/${id}`, { token })).body.subtask;
  const total = async () => (await run.app.json<{ stats: { total: number } }>('GET', '/api/points/stats', { token })).body.stats.total;

  it('completes a subtask, undoes it (points back, pending again), then undoes the undo', async () => {
    const { goal } = await create<{ goal: { id: string } }>('/goals/goals', { title: 'Run a marathon', priority: 3 });
    const { task } = await create<{ task: { id: string } }>('/goals/tasks', { title: 'Build base mileage', goalId: goal.id, priority: 3 });
    const { subtask } = await create<{ subtask: { id: string } }>('/goals/subtasks', { title: 'Buy shoes', taskId: task.id, priority: 3 });
    await run.page.goto(`${run.app.url}/goals`);
    await run.page.getByRole('button', { name: 'Expand goal Run a marathon' }).click();
    await run.page.getByRole('button', { name: 'Expand task Build base mileage' }).click();

    await run.page.getByRole('button', { name: 'Complete subtask Buy shoes' }).click();
    const completed = run.page.getByTestId('toast-success').filter({ hasText: '+15 points' });
    await completed.waitFor();
    await expect.poll(async () => (await subtaskOf(subtask.id)).status).toBe('completed');
    await expect.poll(total).toBe(15);

    await completed.getByRole('button', { name: 'Undo' }).click();
    const reopened = run.page.getByTestId('toast-info').filter({ hasText: '−15 points' });
    await reopened.waitFor();
    await expect.poll(async () => (await subtaskOf(subtask.id)).status).toBe('pending');
    await expect.poll(total).toBe(0);
    // One toast per item: the completion's, with its Undo, is gone.
    expect(await completed.count()).toBe(0);
    await run.page.getByRole('button', { name: 'Complete subtask Buy shoes' }).waitFor();

    await reopened.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await subtaskOf(subtask.id)).status).toBe('completed');
    await expect.poll(total).toBe(15);
  }, 60_000);
});
