import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, useSignedInBrowser } from './support/browser.ts';

describe.skipIf(!chromiumAvailable)('the goal tree, in a real browser', () => {
  const run = useSignedInBrowser('Goal Getter');

  const api = async <T>(path: string): Promise<T> => (await run.app.json<T>('GET', `/api${path}`, { token: run.token })).body;
  const textOf = async (testId: string) => (await run.page.getByTestId(testId).textContent())?.trim();
  const waitForText = (testId: string, text: string) => run.page.getByTestId(testId).filter({ hasText: text }).waitFor();

  it('creates a goal, a task and a subtask, completes them for points and progress, and deletes the goal', async () => {
    await run.page.goto(`${run.app.url}/dashboard`);
    await run.page.getByRole('link', { name: 'Goals' }).click();
    await run.page.waitForURL(/\/goals$/);
    await run.page.getByTestId('goals-empty').waitFor();
    expect(await run.page.getByTestId('user-name').textContent()).toContain('Goal Getter');

    // A goal, from the header's 'New goal' form.
    await run.page.getByRole('button', { name: 'New goal' }).click();
    const goalForm = run.page.getByRole('form', { name: 'New goal' });
    await goalForm.getByLabel('Title').fill('Run a marathon');
    await goalForm.getByLabel('Description').fill('Finish the spring city marathon.');
    await goalForm.getByLabel('Priority').selectOption('3');
    await goalForm.getByLabel('Due date').fill('2027-04-20');
    await goalForm.getByRole('button', { name: 'Save' }).click();
    await goalForm.waitFor({ state: 'detached' });
    const [goal] = (await api<{ goals: Array<{ id: string; dueDate: string }> }>('/goals/goals')).goals;
    expect(goal?.dueDate).toBe('2027-04-20T00:00:00.000Z');
    const goalId = goal!.id;
    await run.page.getByTestId(`goal-${goalId}`).waitFor();
    await waitForText(`goal-progress-${goalId}`, '0%');

    // A new goal opens at once, ready for its first task; a new task likewise for its first subtask.
    await run.page.getByRole('button', { name: 'Add task to goal Run a marathon' }).click();
    const taskForm = run.page.getByRole('form', { name: 'New task in Run a marathon' });
    await taskForm.getByLabel('Title').fill('Build base mileage');
    await taskForm.getByRole('button', { name: 'Save' }).click();
    await taskForm.waitFor({ state: 'detached' });
    const taskId = (await api<{ tasks: Array<{ id: string }> }>(`/goals/goals/${goalId}/tasks`)).tasks[0]!.id;
    await run.page.getByTestId(`task-${taskId}`).waitFor();

    await run.page.getByRole('button', { name: 'Add subtask to task Build base mileage' }).click();
    const subtaskForm = run.page.getByRole('form', { name: 'New subtask in Build base mileage' });
    await subtaskForm.getByLabel('Title').fill('Buy shoes');
    await subtaskForm.getByRole('button', { name: 'Save' }).click();
    await subtaskForm.waitFor({ state: 'detached' });
    const subtaskId = (await api<{ subtasks: Array<{ id: string }> }>(`/goals/tasks/${taskId}/subtasks`)).subtasks[0]!.id;
    await run.page.getByTestId(`subtask-${subtaskId}`).waitFor();
    await waitForText(`goal-progress-${goalId}`, '0%');

    // Completing the subtask (priority 3) earns 5 × 3 points, announced in a toast.
    await run.page.getByRole('button', { name: 'Complete subtask Buy shoes' }).click();
    await run.page.getByTestId('toast-success').filter({ hasText: '+15 points' }).waitFor();
    await waitForText(`subtask-points-${subtaskId}`, '15 points');
    await waitForText(`goal-progress-${goalId}`, '50%');
    expect(await run.page.getByTestId(`subtask-${subtaskId}`).getByRole('button', { name: 'Complete subtask Buy shoes' }).count()).toBe(0);
    expect(await run.page.getByLabel('Status of subtask Buy shoes').inputValue()).toBe('completed');

    // Completing the task earns 10 × 3 more; the goal's progress and points follow.
    await run.page.getByRole('button', { name: 'Complete task Build base mileage' }).click();
    await run.page.getByTestId('toast-success').filter({ hasText: '+30 points' }).waitFor();
    await waitForText(`goal-progress-${goalId}`, '100%');
    await waitForText(`goal-points-${goalId}`, '45 points');
    // The task's row is refreshed by its own read: waited for, not read once (CI saw it still at 15).
    await waitForText(`task-points-${taskId}`, '45 points');

    // Filters are kept across a reload (spec.md §4): hiding completed items hides the task, until shown again.
    await run.page.getByRole('checkbox', { name: 'Completed' }).uncheck();
    await run.page.getByTestId(`task-${taskId}`).waitFor({ state: 'detached' });
    await run.page.getByText('1 task hidden by the filters').waitFor();
    await run.page.reload();
    await run.page.getByTestId(`goal-${goalId}`).waitFor();
    await run.page.getByText('1 task hidden by the filters').waitFor();
    expect(await run.page.getByRole('checkbox', { name: 'Completed' }).isChecked()).toBe(false);
    await run.page.getByRole('button', { name: 'Reset filters' }).click();
    await run.page.getByTestId(`task-${taskId}`).waitFor();

    // Deleting asks first; cancelling keeps the goal.
    await run.page.getByRole('button', { name: 'Delete goal Run a marathon' }).click();
    const dialog = run.page.getByRole('dialog', { name: 'Delete goal “Run a marathon”?' });
    await dialog.getByText('Its 1 task and 1 subtask will be deleted too.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await run.page.getByTestId(`goal-${goalId}`).count()).toBe(1);

    await run.page.getByRole('button', { name: 'Delete goal Run a marathon' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await run.page.getByTestId('goals-empty').waitFor();
    expect(await run.page.getByTestId(`goal-${goalId}`).count()).toBe(0);
    // Gone at once with an Undo; the delete goes when its toast ends, here closed (undo-delete.browser.spec.ts).
    await run.page.getByTestId('toast-info').filter({ hasText: 'Deleted “Run a marathon”' }).getByRole('button', { name: 'Close notification' }).click();
    await expect.poll(async () => (await api<{ goals: unknown[] }>('/goals/goals')).goals).toEqual([]);
  }, 60_000);

  /** Creates through the API, as another device would; the page shows it after a reload. */
  const create = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await run.app.json('POST', `/api${path}`, { token: run.token, body });
    expect(response.status).toBe(201);
    return response.body as T;
  };
  const patch = async (path: string, body: unknown) => expect((await run.app.json('PATCH', `/api${path}`, { token: run.token, body })).status).toBe(200);
  const statusOf = async (path: string, key: 'goal' | 'task' | 'subtask') => (await api<Record<string, { status: string }>>(path))[key]!.status;
  const until = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 100 && !(await check()); tries += 1) await run.page.waitForTimeout(50);
    expect(await check()).toBe(true);
  };

  it('keeps the way to a filtered match, changes status only on a deliberate choice, and asks before completing a goal with open tasks', async () => {
    // Learn Spanish (pending) → Grammar (pending) → Verbs (pending); → Vocabulary (completed).
    const { goal } = await create<{ goal: { id: string } }>('/goals/goals', { title: 'Learn Spanish', priority: 3 });
    const { task: grammar } = await create<{ task: { id: string } }>('/goals/tasks', { title: 'Grammar', goalId: goal.id, priority: 3 });
    const { task: vocabulary } = await create<{ task: { id: string } }>('/goals/tasks', { title: 'Vocabulary', goalId: goal.id, priority: 3 });
    const { subtask: verbs } = await create<{ subtask: { id: string } }>('/goals/subtasks', { title: 'Verbs', taskId: grammar.id, priority: 3 });
    await patch(`/goals/tasks/${vocabulary.id}`, { status: 'completed' });
    await run.page.goto(`${run.app.url}/goals`);
    await run.page.getByTestId(`goal-${goal.id}`).waitFor();
    await waitForText(`goal-progress-${goal.id}`, '50%');

    // Filters keep the path to a match: only completed items → the pending goal stays, marked, with its completed task inside.
    await run.page.getByRole('checkbox', { name: 'Pending' }).uncheck();
    await run.page.getByRole('checkbox', { name: 'In progress' }).uncheck();
    await run.page.getByTestId(`goal-contains-matches-${goal.id}`).waitFor();
    expect(await textOf(`goal-contains-matches-${goal.id}`)).toBe('Contains matches');
    const dimmed = await seriousViolations(run.page);
    expect(dimmed, describeViolations('goals, filtered', dimmed)).toEqual([]);
    await run.page.getByRole('button', { name: 'Expand goal Learn Spanish' }).click();
    await run.page.getByTestId(`task-${vocabulary.id}`).waitFor();
    expect(await run.page.getByTestId(`task-contains-matches-${vocabulary.id}`).count()).toBe(0);
    expect(await run.page.getByTestId(`task-${grammar.id}`).count()).toBe(0);
    await run.page.getByText('1 task hidden by the filters').waitFor();
    // Only pending items → the goal matches itself; Grammar matches; the completed Vocabulary hides.
    await run.page.getByRole('checkbox', { name: 'Pending' }).check();
    await run.page.getByRole('checkbox', { name: 'Completed' }).uncheck();
    await run.page.getByTestId(`task-${grammar.id}`).waitFor();
    await run.page.getByTestId(`task-${vocabulary.id}`).waitFor({ state: 'detached' });
    expect(await run.page.getByTestId(`goal-contains-matches-${goal.id}`).count()).toBe(0);
    await run.page.getByRole('button', { name: 'Reset filters' }).click();
    await run.page.getByTestId(`task-${vocabulary.id}`).waitFor();
    await run.page.getByRole('button', { name: 'Collapse goal Learn Spanish' }).click();

    // Arrowing through the status select with the keyboard saves nothing; Escape undoes; Enter applies.
    const goalStatus = run.page.getByLabel('Status of goal Learn Spanish');
    await goalStatus.focus();
    await run.page.keyboard.press('ArrowDown');
    expect(await goalStatus.inputValue()).toBe('in-progress');
    await run.page.keyboard.press('ArrowDown');
    expect(await goalStatus.inputValue()).toBe('completed');
    await run.page.waitForTimeout(300);
    expect(await statusOf(`/goals/goals/${goal.id}`, 'goal')).toBe('pending');
    expect(await run.page.getByRole('dialog').count()).toBe(0);
    await run.page.keyboard.press('Escape');
    expect(await goalStatus.inputValue()).toBe('pending');
    await run.page.keyboard.press('ArrowDown');
    await run.page.keyboard.press('Enter');
    await until(async () => (await statusOf(`/goals/goals/${goal.id}`, 'goal')) === 'in-progress');
    await until(async () => (await goalStatus.inputValue()) === 'in-progress');
    // A choice from the list (not the arrow keys) applies at once.
    await goalStatus.selectOption('pending');
    await until(async () => (await statusOf(`/goals/goals/${goal.id}`, 'goal')) === 'pending');

    // Completing a goal with open work asks first; Cancel changes nothing.
    await run.page.getByRole('button', { name: 'Complete goal Learn Spanish' }).click();
    const question = run.page.getByRole('dialog', { name: 'Complete goal “Learn Spanish”?' });
    await question.getByText('It still has 1 open task and 1 open subtask. Complete them too?').waitFor();
    const asking = await seriousViolations(run.page);
    expect(asking, describeViolations('complete goal question', asking)).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await statusOf(`/goals/goals/${goal.id}`, 'goal')).toBe('pending');

    // 'Goal only': the goal is completed, its tasks are not, and the bar shows the real share, never 100%.
    await run.page.getByRole('button', { name: 'Complete goal Learn Spanish' }).click();
    await question.getByRole('button', { name: 'Goal only' }).click();
    await question.waitFor({ state: 'detached' });
    await waitForText(`goal-progress-note-${goal.id}`, 'Goal completed · 1 task and 1 subtask still open');
    expect(await textOf(`goal-progress-${goal.id}`)).toBe('50%');
    expect(await statusOf(`/goals/tasks/${grammar.id}`, 'task')).toBe('pending');

    // Reopened, then 'Complete all': its open subtask and task are completed first, then the goal.
    await goalStatus.selectOption('in-progress');
    await until(async () => (await statusOf(`/goals/goals/${goal.id}`, 'goal')) === 'in-progress');
    const pointsOf = async () => (await api<{ stats: { total: number } }>('/points/stats')).stats.total;
    const before = await pointsOf();
    await run.page.getByRole('button', { name: 'Complete goal Learn Spanish' }).click();
    await question.getByRole('button', { name: 'Complete all' }).click();
    await question.waitFor({ state: 'detached' });
    // One toast tells it all: the points of the goal and of what was completed with it, and an Undo.
    const completedAll = run.page.getByTestId('toast-success').filter({ hasText: /\+\d+ points?\. Its 1 task and 1 subtask were completed too\./ });
    await completedAll.waitFor();
    await waitForText(`goal-progress-${goal.id}`, '100%');
    expect(await run.page.getByTestId(`goal-progress-note-${goal.id}`).count()).toBe(0);
    expect(await statusOf(`/goals/goals/${goal.id}`, 'goal')).toBe('completed');
    expect(await statusOf(`/goals/tasks/${grammar.id}`, 'task')).toBe('completed');
    expect(await statusOf(`/goals/subtasks/${verbs.id}`, 'subtask')).toBe('completed');
    const earned = await pointsOf();
    expect(earned).toBeGreaterThan(before);

    // Its Undo takes back all of it: each item back to the status it had, every point given back.
    await completedAll.getByRole('button', { name: 'Undo' }).click();
    await run.page
      .getByTestId('toast-info')
      .filter({ hasText: /−\d+ points?\. Its 1 task and 1 subtask are open again\./ })
      .waitFor();
    expect(await statusOf(`/goals/goals/${goal.id}`, 'goal')).toBe('in-progress');
    expect(await statusOf(`/goals/tasks/${grammar.id}`, 'task')).toBe('pending');
    expect(await statusOf(`/goals/subtasks/${verbs.id}`, 'subtask')).toBe('pending');
    await until(async () => (await pointsOf()) === before);
    await waitForText(`goal-progress-${goal.id}`, '50%');

    // And again, for the steps below: all completed.
    await run.page.getByRole('button', { name: 'Complete goal Learn Spanish' }).click();
    await question.getByRole('button', { name: 'Complete all' }).click();
    await question.waitFor({ state: 'detached' });
    await completedAll.waitFor();
    expect(await statusOf(`/goals/subtasks/${verbs.id}`, 'subtask')).toBe('completed');

    // A task with an open subtask asks too (its subtasks read fresh): 'Complete all' completes the subtask, then the task.
    const { goal: reading } = await create<{ goal: { id: string } }>('/goals/goals', { title: 'Read more', priority: 3 });
    const { task: novel } = await create<{ task: { id: string } }>('/goals/tasks', { title: 'A novel', goalId: reading.id, priority: 3 });
    const { subtask: chapter } = await create<{ subtask: { id: string } }>('/goals/subtasks', { title: 'Chapter one', taskId: novel.id, priority: 3 });
    await run.page.reload();
    await run.page.getByRole('button', { name: 'Expand goal Read more' }).click();
    await run.page.getByRole('button', { name: 'Complete task A novel' }).click();
    const taskQuestion = run.page.getByRole('dialog', { name: 'Complete task “A novel”?' });
    await taskQuestion.getByText('It still has 1 open subtask. Complete them too?').waitFor();
    await taskQuestion.getByRole('button', { name: 'Cancel' }).click();
    await taskQuestion.waitFor({ state: 'detached' });
    expect(await statusOf(`/goals/tasks/${novel.id}`, 'task')).toBe('pending');
    await run.page.getByRole('button', { name: 'Complete task A novel' }).click();
    await taskQuestion.getByRole('button', { name: 'Complete all' }).click();
    await taskQuestion.waitFor({ state: 'detached' });
    await run.page
      .getByTestId('toast-success')
      .filter({ hasText: /\+\d+ points?\. Its 1 subtask was completed too\./ })
      .waitFor();
    expect(await statusOf(`/goals/tasks/${novel.id}`, 'task')).toBe('completed');
    expect(await statusOf(`/goals/subtasks/${chapter.id}`, 'subtask')).toBe('completed');
  }, 60_000);

  /** The focused element's accessible name or text, and the test id of the row it sits in. */
  // A string: this file is type-checked without the DOM library.
  const focused = () =>
    run.page.evaluate<{ name: string; row: string }>(`(() => {
      const element = document.activeElement;
      return {
        name: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '',
        row: element?.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
      };
    })()`);
  const untilFocused = async (expected: Partial<{ name: string; row: string }>) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const now = await focused();
      if (Object.entries(expected).every(([key, value]) => now[key as 'name' | 'row'] === value)) return;
      await run.page.waitForTimeout(50);
    }
    expect(await focused()).toMatchObject(expected);
  };

  it('titles the page, closes forms on Escape, puts the focus somewhere useful, and names a renamed and moved task by its new title', async () => {
    await run.page.setViewportSize({ width: 1280, height: 800 });
    await run.page.goto(`${run.app.url}/goals`);
    await run.page.getByRole('heading', { name: 'Goals', level: 1 }).waitFor();
    expect(await run.page.title()).toBe('Goals · Points Tracker');

    // Escape closes the new-goal form; the focus goes back to the button that opened it.
    await run.page.getByRole('button', { name: 'New goal' }).click();
    const goalForm = run.page.getByRole('form', { name: 'New goal' });
    await goalForm.getByLabel('Title').waitFor();
    await run.page.keyboard.press('Escape');
    await goalForm.waitFor({ state: 'detached' });
    await untilFocused({ name: 'New goal' });

    // After a create, the new goal's title has the focus.
    await run.page.getByRole('button', { name: 'New goal' }).click();
    await goalForm.getByLabel('Title').fill('Write a novel');
    await run.page.keyboard.press('Enter');
    await goalForm.waitFor({ state: 'detached' });
    const novel = (await api<{ goals: Array<{ id: string; title: string }> }>('/goals/goals')).goals.find((goal) => goal.title === 'Write a novel')!;
    await untilFocused({ name: 'Write a novel', row: `goal-${novel.id}` });

    // Escape closes an edit form and an add form; the focus goes back to their buttons.
    await run.page.getByRole('button', { name: 'Edit goal Write a novel' }).click();
    await run.page.getByRole('form', { name: 'Edit goal Write a novel' }).getByLabel('Title').waitFor();
    await run.page.keyboard.press('Escape');
    await run.page.getByRole('form', { name: 'Edit goal Write a novel' }).waitFor({ state: 'detached' });
    await untilFocused({ name: 'Edit goal Write a novel' });
    await run.page.getByRole('button', { name: 'Add task to goal Write a novel' }).click();
    const taskForm = run.page.getByRole('form', { name: 'New task in Write a novel' });
    await taskForm.getByLabel('Title').waitFor();
    await run.page.keyboard.press('Escape');
    await taskForm.waitFor({ state: 'detached' });
    await untilFocused({ name: 'Add task to goal Write a novel' });

    // A new task takes the focus too.
    await run.page.getByRole('button', { name: 'Add task to goal Write a novel' }).click();
    await taskForm.getByLabel('Title').fill('Outline');
    await taskForm.getByRole('button', { name: 'Save' }).click();
    await taskForm.waitFor({ state: 'detached' });
    const outline = (await api<{ tasks: Array<{ id: string }> }>(`/goals/goals/${novel.id}/tasks`)).tasks[0]!;
    await untilFocused({ name: 'Outline', row: `task-${outline.id}` });

    // Renamed and moved in one save: the toast names the task by its new title.
    const { goal: poems } = await create<{ goal: { id: string } }>('/goals/goals', { title: 'Publish poems', priority: 2 });
    await run.page.reload();
    await run.page.getByTestId(`task-${outline.id}`).waitFor();
    await run.page.getByRole('button', { name: 'Edit task Outline' }).click();
    const editTask = run.page.getByRole('form', { name: 'Edit task Outline' });
    await editTask.getByLabel('Title').fill('Chapter plan');
    await editTask.getByLabel('Goal').selectOption(poems.id);
    await editTask.getByRole('button', { name: 'Save' }).click();
    await run.page.getByTestId('toast-info').filter({ hasText: '“Chapter plan” now belongs to “Publish poems”.' }).waitFor();
    await run.page.getByRole('region', { name: 'Tasks of goal Publish poems' }).getByTestId(`task-${outline.id}`).waitFor();

    // Deleting the only task puts the focus on its list's heading; deleting a goal, on the next goal.
    await run.page.getByRole('button', { name: 'Delete task Chapter plan' }).click();
    await run.page.getByRole('dialog', { name: 'Delete task “Chapter plan”?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await run.page.getByTestId(`task-${outline.id}`).waitFor({ state: 'detached' });
    await untilFocused({ name: 'Tasks' });
    expect(await run.page.evaluate(`document.activeElement?.closest('section')?.getAttribute('aria-label')`)).toBe('Tasks of goal Publish poems');
    const goalTitles = await run.page.getByRole('list', { name: 'Goals' }).locator(':scope > li .work-item__title').allTextContents();
    const after = goalTitles[goalTitles.indexOf('Publish poems') + 1]!;
    await run.page.getByRole('button', { name: 'Delete goal Publish poems' }).click();
    await run.page.getByRole('dialog', { name: 'Delete goal “Publish poems”?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await run.page.getByTestId(`goal-${poems.id}`).waitFor({ state: 'detached' });
    await untilFocused({ name: after.trim() });
  }, 60_000);

  it("on a 375 px phone: goals on the first screen, and a selected item's details where the user is", async () => {
    for (let n = 1; n <= 5; n += 1) await create('/goals/goals', { title: `Phone goal ${n}`, priority: 3 });
    const goals = (await api<{ goals: Array<{ id: string; title: string }> }>('/goals/goals')).goals;
    await run.page.setViewportSize({ width: 375, height: 800 });
    await run.page.goto(`${run.app.url}/goals`);
    const list = run.page.getByRole('list', { name: 'Goals' });
    await list.waitFor();

    // The overview is there, compact, and the first goal is wholly on the first screen.
    await run.page.getByLabel('Overview', { exact: true }).waitFor();
    const first = (await list.locator(':scope > li').first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(800);
    // Filters fold behind a button on a phone.
    expect(await run.page.getByRole('checkbox', { name: 'Completed' }).isVisible()).toBe(false);
    await run.page.getByRole('button', { name: /^Filters/ }).click();
    expect(await run.page.getByRole('checkbox', { name: 'Completed' }).isVisible()).toBe(true);
    await run.page.getByRole('button', { name: /^Filters/ }).click();

    // The last goal, far down: its details open right under it, in view; the side panel is not used.
    const last = goals[goals.length - 1]!;
    const title = run.page.getByTestId(`goal-${last.id}`).getByRole('button', { name: last.title, exact: true });
    await title.scrollIntoViewIfNeeded();
    await title.click();
    const details = run.page.getByTestId(`inline-details-${last.id}`);
    await details.waitFor();
    const box = (await details.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(800);
    expect(await run.page.getByTestId('selection-panel').isVisible()).toBe(false);
    const phone = await seriousViolations(run.page);
    expect(phone, describeViolations('goals on a phone, an item selected', phone)).toEqual([]);
    await run.page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);
});
