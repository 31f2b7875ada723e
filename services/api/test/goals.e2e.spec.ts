import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!chromiumAvailable)('the goal tree, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    ({ token } = await app.registerUser('Goal Getter'));
    // Signed in the way the app keeps a session: the token in local storage, read when the app starts.
    await page.goto(`${app.url}/favicon.svg`);
    await page.evaluate(`window.localStorage.setItem('token', ${JSON.stringify(token)})`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const api = async <T>(path: string): Promise<T> => (await app.json<T>('GET', `/api${path}`, { token })).body;
  const textOf = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();
  const waitForText = (testId: string, text: string) => page.getByTestId(testId).filter({ hasText: text }).waitFor();

  it('creates a goal, a task and a subtask, completes them for points and progress, and deletes the goal', async () => {
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('link', { name: 'Goals' }).click();
    await page.waitForURL(/\/goals$/);
    await page.getByTestId('goals-empty').waitFor();
    expect(await page.getByTestId('user-name').textContent()).toContain('Goal Getter');

    // A goal, from the header's 'New goal' form.
    await page.getByRole('button', { name: 'New goal' }).click();
    const goalForm = page.getByRole('form', { name: 'New goal' });
    await goalForm.getByLabel('Title').fill('Run a marathon');
    await goalForm.getByLabel('Description').fill('Finish the spring city marathon.');
    await goalForm.getByLabel('Priority').selectOption('3');
    await goalForm.getByLabel('Due date').fill('2027-04-20');
    await goalForm.getByRole('button', { name: 'Save' }).click();
    await goalForm.waitFor({ state: 'detached' });
    const [goal] = (await api<{ goals: Array<{ id: string; dueDate: string }> }>('/goals/goals')).goals;
    expect(goal?.dueDate).toBe('2027-04-20T00:00:00.000Z');
    const goalId = goal!.id;
    await page.getByTestId(`goal-${goalId}`).waitFor();
    await waitForText(`goal-progress-${goalId}`, '0%');

    // A new goal opens at once, ready for its first task; a new task likewise for its first subtask.
    await page.getByRole('button', { name: 'Add task to goal Run a marathon' }).click();
    const taskForm = page.getByRole('form', { name: 'New task in Run a marathon' });
    await taskForm.getByLabel('Title').fill('Build base mileage');
    await taskForm.getByRole('button', { name: 'Save' }).click();
    await taskForm.waitFor({ state: 'detached' });
    const taskId = (await api<{ tasks: Array<{ id: string }> }>(`/goals/goals/${goalId}/tasks`)).tasks[0]!.id;
    await page.getByTestId(`task-${taskId}`).waitFor();

    await page.getByRole('button', { name: 'Add subtask to task Build base mileage' }).click();
    const subtaskForm = page.getByRole('form', { name: 'New subtask in Build base mileage' });
    await subtaskForm.getByLabel('Title').fill('Buy shoes');
    await subtaskForm.getByRole('button', { name: 'Save' }).click();
    await subtaskForm.waitFor({ state: 'detached' });
    const subtaskId = (await api<{ subtasks: Array<{ id: string }> }>(`/goals/tasks/${taskId}/subtasks`)).subtasks[0]!.id;
    await page.getByTestId(`subtask-${subtaskId}`).waitFor();
    await waitForText(`goal-progress-${goalId}`, '0%');

    // Completing the subtask (priority 3) earns 5 × 3 points, announced in a toast.
    await page.getByRole('button', { name: 'Complete subtask Buy shoes' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '+15 points' }).waitFor();
    await waitForText(`subtask-points-${subtaskId}`, '15 points');
    await waitForText(`goal-progress-${goalId}`, '50%');
    expect(await page.getByTestId(`subtask-${subtaskId}`).getByRole('button', { name: 'Complete subtask Buy shoes' }).count()).toBe(0);
    expect(await page.getByLabel('Status of subtask Buy shoes').inputValue()).toBe('completed');

    // Completing the task earns 10 × 3 more; the goal's progress and points follow.
    await page.getByRole('button', { name: 'Complete task Build base mileage' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '+30 points' }).waitFor();
    await waitForText(`goal-progress-${goalId}`, '100%');
    await waitForText(`goal-points-${goalId}`, '45 points');
    expect(await textOf(`task-points-${taskId}`)).toBe('45 points');

    // Filters are kept across a reload (spec.md §4): hiding completed items hides the task, until shown again.
    await page.getByRole('checkbox', { name: 'Completed' }).uncheck();
    await page.getByTestId(`task-${taskId}`).waitFor({ state: 'detached' });
    await page.getByText('1 task hidden by the filters').waitFor();
    await page.reload();
    await page.getByTestId(`goal-${goalId}`).waitFor();
    await page.getByText('1 task hidden by the filters').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Completed' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByTestId(`task-${taskId}`).waitFor();

    // Deleting asks first; cancelling keeps the goal.
    await page.getByRole('button', { name: 'Delete goal Run a marathon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete goal “Run a marathon”?' });
    await dialog.getByText('Its 1 task and 1 subtask will be deleted too.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId(`goal-${goalId}`).count()).toBe(1);

    await page.getByRole('button', { name: 'Delete goal Run a marathon' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByTestId('goals-empty').waitFor();
    expect(await page.getByTestId(`goal-${goalId}`).count()).toBe(0);
    expect((await api<{ goals: unknown[] }>('/goals/goals')).goals).toEqual([]);
  }, 60_000);
});
