import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, closeBrowserRun, openBrowserRun } from './support/browser.ts';
import { screenshot } from './support/screenshots.ts';
import type { TestApp } from './support/test-app.ts';

interface Item {
  id: string;
  title: string;
  status: string;
  streak: number;
  pointsAwarded: number;
  isHabit: boolean;
}

/** Today's date and weekday (0 = Sunday) in a zone, as the server counts the user's days. */
const localToday = (zone: string): { date: string; weekday: number } => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!) };
};

/** 23:59 of today in a zone, as an instant: due today wherever the clock stands (a fixed "in 3 hours" is tomorrow after 21:00). */
const endOfLocalToday = (zone: string): Date => {
  const now = new Date();
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  const secondsLeft = 23 * 3600 + 59 * 60 - (parts.hour! * 3600 + parts.minute! * 60 + parts.second!);
  return new Date(now.getTime() + secondsLeft * 1000);
};

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe.skipIf(!chromiumAvailable)('actionables and habits, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, context, page } = await openBrowserRun({ acceptDownloads: true }));
  });
  afterAll(() => closeBrowserRun({ app, browser, context }));

  const tokenOf = async () => (await page.evaluate(`window.localStorage.getItem('token')`)) as string;
  const api = async <T>(path: string): Promise<T> => (await app.json<T>('GET', `/api${path}`, { token: await tokenOf() })).body;
  const waitForText = (testId: string, text: string) => page.getByTestId(testId).filter({ hasText: text }).waitFor();
  const toast = (kind: 'success' | 'info' | 'error', text: string) => page.getByTestId(`toast-${kind}`).filter({ hasText: text }).first().waitFor();
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  /** The page at 375 and 1280 px, light and dark; then back to 1280 in the system's scheme. */
  const photograph = async (name: string) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [375, 1280]) await screenshot(page, name, width, theme);
    }
    await page.emulateMedia({ colorScheme: null });
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  const fitsWidth = async () => (await page.evaluate('document.documentElement.scrollWidth')) as number;

  it('creates and completes an actionable and a weekly habit, sees streak and points, imports a file and exports a range', async () => {
    // Register through the form; the app keeps the session.
    const email = `actionables.${Date.now()}@example.com`;
    await page.goto(`${app.url}/register`);
    await page.getByLabel('Name').fill('Habit Builder');
    // The register form checks the contract's rules first: the message sits beside the field, in the server's words.
    await page.getByLabel('Email').fill('habit.builder');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Email must be a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    expect(await page.evaluate(`document.activeElement?.getAttribute('name')`)).toBe('email');
    expect(page.url()).toMatch(/\/register$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/start$/);
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await page.waitForURL(/\/dashboard$/);
    const zone = (await api<{ user: { timezone: string } }>('/auth/me')).user.timezone;
    const today = localToday(zone);

    // An actionable due today at 23:59 in the user's zone, weight 3: completing it earns 10 × 3 points.
    await nav('Actionables').click();
    await page.waitForURL(/\/actionables$/);
    await page.getByTestId('actionables-empty').waitFor();
    await expect.poll(() => page.title()).toBe('Actionables · Points Tracker');
    await page.getByRole('button', { name: 'New actionable' }).first().click();
    const form = page.getByRole('form', { name: 'New actionable' });
    await form.getByLabel('Title').fill('Buy milk');

    // The form checks the contract's ranges before sending: weight 11 is refused beside the Weight
    // field, in words for people, the focus goes there, and nothing reaches the server.
    const creates: string[] = [];
    const countCreates = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/actionables') creates.push(request.url());
    };
    page.on('request', countCreates);
    await form.getByLabel('Weight').fill('11');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Weight must be a whole number from 1 to 10').waitFor();
    expect(await form.getByLabel('Weight').getAttribute('aria-invalid')).toBe('true');
    const focusedField = () => page.evaluate(`document.activeElement?.getAttribute('name')`);
    const focusedDescription = () =>
      page.evaluate(
        `(document.activeElement?.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')`,
      );
    expect(await focusedField()).toBe('weight');
    expect(await focusedDescription()).toContain('Weight must be a whole number from 1 to 10');
    expect(creates).toEqual([]);
    expect((await api<{ actionables: Item[] }>('/actionables')).actionables).toEqual([]);
    page.off('request', countCreates);

    // What only the server refuses shows beside its field with the field's label, and a field the
    // form does not show is listed by its label: never a raw key like 'pointsToBeAwarded'. (The body
    // is changed on its way out, as a client without these checks would send it.)
    await form.getByLabel('Weight').fill('3');
    await page.route('**/api/actionables', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const body = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, pointsToBeAwarded: 5000, status: 'maybe' }) });
    });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Points to award must be a whole number from 0 to 1000').waitFor();
    expect(await form.getByLabel('Points to award').getAttribute('aria-invalid')).toBe('true');
    expect(await focusedField()).toBe('pointsToBeAwarded');
    expect(await focusedDescription()).toContain('Points to award must be a whole number from 0 to 1000');
    const createRefusal = form.getByRole('alert').filter({ hasText: 'Failed to create actionable' });
    await createRefusal.getByText('Status is not one of the choices').waitFor();
    expect(await form.textContent()).not.toMatch(/pointsToBeAwarded|status:|must be one of/);
    await page.unroute('**/api/actionables');
    expect((await api<{ actionables: Item[] }>('/actionables')).actionables).toEqual([]);

    await form.getByLabel('Description').fill('Oat, two cartons.');
    await form.getByLabel('Deadline').fill(`${today.date}T23:59`);
    await form.getByLabel('Reminder time').fill('08:30');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const [created] = (await api<{ actionables: Array<Item & { deadline: string; reminderTime: string; weight: number }> }>('/actionables')).actionables;
    expect(created).toMatchObject({ title: 'Buy milk', weight: 3, reminderTime: '08:30', status: 'pending' });
    // The deadline typed is a wall-clock time in the user's zone.
    expect(localToday(zone).date).toBe(today.date);
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(created!.deadline)),
    ).toBe(`${today.date}, 23:59`);
    const actionableId = created!.id;
    await page.getByTestId(`actionable-${actionableId}`).waitFor();

    // Before completing, its receipt from the server: what it would earn now, and how (issue 20).
    await waitForText(`actionable-worth-${actionableId}`, 'Worth +30: weight 3 × 10');
    const problems = await seriousViolations(page, '#main-content');
    expect(problems, describeViolations('actionables with a receipt preview', problems)).toEqual([]);
    await photograph('actionable-receipt-preview');

    await page.getByRole('button', { name: 'Complete actionable Buy milk' }).click();
    // After: the toast says how the points were counted, and the preview is gone with the Complete button.
    await toast('success', '+30 points — weight 3 × 10');
    await page.getByTestId(`actionable-worth-${actionableId}`).waitFor({ state: 'detached' });
    await waitForText(`actionable-points-${actionableId}`, '30 points');
    await waitForText(`actionable-status-${actionableId}`, 'Completed');
    await page.getByRole('button', { name: 'Revert actionable Buy milk to pending' }).waitFor();

    // The status filter starts with all four statuses; unticking Completed hides it.
    for (const status of ['Pending', 'In progress', 'Completed', 'Not approached'])
      expect(await page.getByRole('checkbox', { name: status }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Completed' }).uncheck();
    await page.getByTestId('actionables-filtered').waitFor();
    // One item hidden is said as one (it read "All 1 are hidden").
    await page.getByTestId('actionables-filtered').getByText('The one actionable here is hidden by the status filter.').waitFor();
    await page.getByRole('button', { name: 'Show all statuses' }).first().click();
    await page.getByTestId(`actionable-${actionableId}`).waitFor();

    // The user's status settings (issue 9): hiding Completed takes the completed one out of the list,
    // and the filter says so; showing it again brings it back.
    const putStatusSettings = async (completed: { visible: boolean }) =>
      expect((await app.json('PUT', '/api/settings/status', { token: await tokenOf(), body: { statusSettings: { completed } } })).status).toBe(200);
    await putStatusSettings({ visible: false });
    await page.reload();
    await page.getByTestId('actionables-hidden-by-settings').waitFor();
    expect(await page.getByTestId(`actionable-${actionableId}`).count()).toBe(0);
    await page.locator('label').filter({ hasText: 'Completed' }).getByText('(hidden in settings)').waitFor();
    await putStatusSettings({ visible: true });
    await page.reload();
    await page.getByTestId(`actionable-${actionableId}`).waitFor();
    await waitForText(`actionable-status-${actionableId}`, 'Completed');
    expect(await page.getByText('(hidden in settings)').count()).toBe(0);

    // A weekly habit on today's weekday and the one after it.
    await nav('Habits').click();
    await page.waitForURL(/\/habits$/);
    await page.getByTestId('habits-empty').waitFor();
    await expect.poll(() => page.title()).toBe('Habits · Points Tracker');
    // Escape closes a form, from the keyboard alone.
    await page.getByRole('button', { name: 'New habit' }).click();
    const habitForm = page.getByRole('form', { name: 'New habit' });
    await habitForm.getByLabel('Title').waitFor();
    expect(await page.evaluate(`document.activeElement?.getAttribute('name')`)).toBe('title');
    await page.keyboard.press('Escape');
    await habitForm.waitFor({ state: 'detached' });
    expect(await page.evaluate(`document.activeElement?.textContent`)).toContain('New habit');
    await page.getByRole('button', { name: 'New habit' }).click();
    await habitForm.getByLabel('Title').fill('Read');
    await habitForm.getByLabel('On chosen weekdays').check();
    await habitForm.getByRole('button', { name: 'Save' }).click();
    await habitForm.getByText('Choose at least one weekday').waitFor();
    const otherDay = (today.weekday + 1) % 7;
    await habitForm.getByRole('checkbox', { name: weekdays[today.weekday] }).check();
    await habitForm.getByRole('checkbox', { name: weekdays[otherDay] }).check();
    await habitForm.getByRole('button', { name: 'Save' }).click();
    await habitForm.waitFor({ state: 'detached' });
    const [habit] = (await api<{ habits: Array<Item & { recurrence: { frequency: string; days: number[] } }> }>('/actionables/habits')).habits;
    expect(habit?.recurrence).toEqual({
      frequency: 'weekly',
      days: [today.weekday, otherDay].sort((a, b) => a - b),
      dayOfMonth: null,
      everyNDays: null,
      timesPerWeek: null,
      weekStartsOn: null,
    });
    const habitId = habit!.id;
    const shortNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    await waitForText(
      `habit-schedule-${habitId}`,
      [today.weekday, otherDay]
        .sort((a, b) => a - b)
        .map((day) => shortNames[day])
        .join(', '),
    );
    await waitForText(`habit-today-${habitId}`, 'Due today');
    await waitForText(`habit-streak-${habitId}`, '0');

    // Completing today: 10 × weight 1 points, streak 1, and today's dot turns done; the receipt before and after.
    await waitForText(`habit-worth-${habitId}`, 'Worth +10: weight 1 × 10, streak 1');
    await page.getByRole('button', { name: 'Complete habit Read today' }).click();
    await toast('success', '+10 points · streak 1 — weight 1 × 10, streak 1');
    await page.getByTestId(`habit-worth-${habitId}`).waitFor({ state: 'detached' });
    await waitForText(`habit-streak-${habitId}`, 'Streak1');
    await waitForText(`habit-points-${habitId}`, '10 points');
    await waitForText(`habit-today-${habitId}`, 'Done today');
    expect(await page.getByTestId(`habit-history-${habitId}`).locator('[data-state="done"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Complete habit Read today' }).count()).toBe(0);
    const stored = (await api<{ habits: Item[] }>('/actionables/habits')).habits[0];
    expect(stored).toMatchObject({ streak: 1, pointsAwarded: 10 });

    // Both screens fit a 375 px wide phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(fitsWidth).toBeLessThanOrEqual(375);
    // On a phone the sections are behind the Menu button, which says whether it is open.
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
    expect(await nav('Actionables').isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await nav('Habits').getAttribute('aria-current')).toBe('page');
    await expect.poll(fitsWidth).toBeLessThanOrEqual(375);
    await nav('Actionables').click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId(`actionable-${actionableId}`).waitFor();
    await expect.poll(fitsWidth).toBeLessThanOrEqual(375);
    // Escape closes the menu and gives the focus back to its button.
    await menu.click();
    await nav('Goals').waitFor();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(`document.activeElement?.textContent`)).toBe('Menu');
    // From 1024 px every section is in the header, none cut off, and the page does not scroll sideways.
    const sections = ['Dashboard', 'Goals', 'Actionables', 'Habits', 'Leaderboard', 'Points audit', 'Settings', 'Profile'];
    for (const width of [1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await menu.isVisible()).toBe(false);
      for (const name of sections) {
        const box = await nav(name).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `${name} at ${width} px`).toBe(true);
      }
      await expect.poll(fitsWidth).toBeLessThanOrEqual(width);
    }
    expect(await nav('Actionables').getAttribute('aria-current')).toBe('page');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Import: pasted text is read first, with spec.md §5's messages; then a file of two items.
    await page.getByRole('button', { name: 'Import' }).click();
    const importForm = page.getByRole('form', { name: 'Import actionables' });
    await importForm.getByLabel('Or paste JSON').fill('{ not json');
    await importForm.getByRole('button', { name: 'Preview import' }).click();
    await importForm.getByRole('alert').filter({ hasText: 'Failed to parse JSON data' }).waitFor();
    await importForm.getByLabel('Or paste JSON').fill('{"actionables": []}');
    await importForm.getByRole('button', { name: 'Preview import' }).click();
    await importForm.getByRole('alert').filter({ hasText: 'Invalid actionables data format' }).waitFor();
    // A malformed item: the preview refuses it, saying why, before anything is sent.
    await importForm.getByLabel('Or paste JSON').fill(JSON.stringify([{ title: 'Fine' }, { title: 'Bad', weight: 99 }]));
    await importForm.getByRole('button', { name: 'Preview import' }).click();
    const badPreview = importForm.getByTestId('import-preview');
    await badPreview.getByText('1 new, 0 already present, 1 refused.', { exact: false }).waitFor();
    await badPreview.getByRole('list', { name: 'Refused: 1 item' }).getByText('weight: must be a whole number from 1 to 10', { exact: false }).waitFor();
    await importForm.getByRole('button', { name: 'Import 1 new' }).waitFor();
    expect((await api<{ actionables: Item[] }>('/actionables')).actionables.map((item) => item.title).sort()).toEqual(['Buy milk', 'Read']);
    await importForm.getByLabel('Or paste JSON').fill('');
    expect(await importForm.getByTestId('import-preview').count()).toBe(0);
    const milk = (await api<{ actionables: Item[] }>('/actionables')).actionables.find((item) => item.title === 'Buy milk')!;
    const exported = {
      actionables: [
        // Already one of the user's (an export of their own): listed as already present, never copied.
        { id: milk.id, title: 'Buy milk', weight: 1, status: 'pending' },
        { id: 'c0ffee00-0000-4000-8000-000000000001', title: 'Renew passport', weight: 4, status: 'pending', deadline: `${today.date}T16:00:00.000Z` },
        { id: 'c0ffee00-0000-4000-8000-000000000002', title: 'File taxes', weight: 2, status: 'completed', completedAt: '2026-04-10T12:00:00.000Z' },
      ],
      exportedAt: '2026-11-01T10:00:00.000Z',
      startDate: '2026-10-01',
      endDate: '2026-11-01',
    };
    await importForm
      .getByLabel('JSON file')
      .setInputFiles({ name: 'old-export.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await importForm.getByText('old-export.json is ready to import.').waitFor();
    await importForm.getByRole('button', { name: 'Preview import' }).click();
    const filePreview = importForm.getByTestId('import-preview');
    await filePreview.getByText('2 new, 1 already present, 0 refused.', { exact: false }).waitFor();
    expect(await filePreview.getByRole('list', { name: 'New: 2 items' }).getByRole('listitem').allInnerTexts()).toEqual(['Renew passport', 'File taxes']);
    expect(await filePreview.getByRole('list', { name: 'Already present: 1 item' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Buy milk — already present',
    ]);
    const previewProblems = await seriousViolations(page, '#main-content');
    expect(previewProblems, describeViolations('the import preview', previewProblems)).toEqual([]);
    await photograph('actionables-import-preview');
    expect((await api<{ actionables: Item[] }>('/actionables')).actionables).toHaveLength(2);
    await importForm.getByRole('button', { name: 'Import 2 new' }).click();
    await toast('success', 'Imported 2 actionables');
    await importForm.waitFor({ state: 'detached' });
    const list = page.getByRole('list', { name: 'Actionables' });
    await list.getByRole('heading', { name: 'Renew passport' }).waitFor();
    await list.getByRole('heading', { name: 'File taxes' }).waitFor();
    const all = (await api<{ actionables: Item[] }>('/actionables')).actionables;
    expect(all.map((item) => item.title).sort()).toEqual(['Buy milk', 'File taxes', 'Read', 'Renew passport']);
    // New ids, statuses kept, no points for imported items.
    expect(all.find((item) => item.title === 'File taxes')).toMatchObject({ status: 'completed', pointsAwarded: 0 });
    expect(all.some((item) => item.id.startsWith('c0ffee00'))).toBe(false);

    // Another day (not one of the habit's) shows what is due then: nothing. The default range, the last 7 days, shows everything made today.
    await page.getByRole('radio', { name: 'On a date' }).check();
    const inTwoDays = new Date(Date.parse(`${today.date}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Date', { exact: true }).fill(inTwoDays);
    await page.getByTestId('actionables-empty').filter({ hasText: 'No actionables due on' }).waitFor();
    await page.getByRole('radio', { name: 'Date range' }).check();
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(today.date);
    for (const title of ['Buy milk', 'Read', 'Renew passport', 'File taxes']) await list.getByRole('heading', { name: title, exact: true }).waitFor();

    // Export the last 7 days: the download holds what the range touches, imports included.
    await page.getByRole('button', { name: 'Export' }).click();
    const exportForm = page.getByRole('form', { name: 'Export actionables' });
    expect(await exportForm.getByLabel('To').inputValue()).toBe(today.date);
    const [download] = await Promise.all([page.waitForEvent('download'), exportForm.getByRole('button', { name: 'Download export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^actionables-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { actionables: Item[]; startDate: string; endDate: string };
    expect(file.endDate).toBe(today.date);
    expect(file.actionables.map((item) => item.title).sort()).toEqual(['Buy milk', 'File taxes', 'Read', 'Renew passport']);
    expect(file.actionables.find((item) => item.title === 'Read')).toMatchObject({ isHabit: true, streak: 1 });
    await toast('success', '4 actionables in');

    // Revert takes the points back; deleting asks first.
    await page.getByRole('button', { name: 'Revert actionable Buy milk to pending' }).click();
    await toast('info', '−30 points');
    // Open again, it shows what completing it would earn now rather than '0 points' (issue 19, finding 9).
    await page.getByTestId(`actionable-worth-${actionableId}`).waitFor();
    expect(await page.getByTestId(`actionable-points-${actionableId}`).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete actionable File taxes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete actionable “File taxes”?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete actionable File taxes' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await list.getByRole('heading', { name: 'File taxes', exact: true }).waitFor({ state: 'detached' });
    // Gone at once with an Undo; the delete goes when its toast ends, here closed (undo-delete.browser.spec.ts).
    await page.getByTestId('toast-info').filter({ hasText: 'Deleted “File taxes”' }).getByRole('button', { name: 'Close notification' }).click();
    await expect
      .poll(async () => (await api<{ actionables: Item[] }>('/actionables')).actionables.map((item) => item.title).sort())
      .toEqual(['Buy milk', 'Read', 'Renew passport']);
  }, 90_000);

  it("lists the dashboard's Today under Today (overdue too), keeps what was just added in sight, and a half-typed form across a reload", async () => {
    const token = await tokenOf();
    const zone = (await api<{ user: { timezone: string } }>('/auth/me')).user.timezone;
    // Due two days ago and still open: the dashboard's Today lists it, and so does Actionables → Today (it did not).
    const overdue = await app.json<{ actionable: { id: string } }>('POST', '/api/actionables', {
      token,
      body: { title: 'Return the library book', weight: 1, deadline: new Date(Date.now() - 2 * 86_400_000).toISOString() },
    });
    expect(overdue.status).toBe(201);
    const daily = await api<{ actionables: Array<{ id: string }> }>(`/dashboard/daily-actionables?timezone=${encodeURIComponent(zone)}`);
    expect(daily.actionables.map((item) => item.id)).toContain(overdue.body.actionable.id);
    await page.goto(`${app.url}/actionables`);
    await page.getByTestId(`actionable-${overdue.body.actionable.id}`).waitFor();
    const listed = await page
      .getByRole('list', { name: 'Actionables' })
      .locator(':scope > li')
      .evaluateAll((rows) => rows.map((row) => row.dataset.testid));
    expect(listed.sort()).toEqual(daily.actionables.map((item) => `actionable-${item.id}`).sort());

    // A to-do without a deadline is not due today: it stays in sight under the list, with the way to All.
    await page.getByRole('button', { name: 'New actionable' }).click();
    let form = page.getByRole('form', { name: 'New actionable' });
    await form.getByLabel('Title').fill('Someday: learn the cello');
    await form.getByRole('button', { name: 'Save new actionable' }).click();
    await form.waitFor({ state: 'detached' });
    const justAdded = page.getByTestId('actionables-just-added');
    await justAdded.getByRole('heading', { name: 'Someday: learn the cello', exact: true }).waitFor();
    await justAdded.getByRole('button', { name: 'Show all actionables' }).click();
    await page.getByRole('list', { name: 'Actionables' }).getByRole('heading', { name: 'Someday: learn the cello', exact: true }).waitFor();
    expect(await justAdded.count()).toBe(0);

    // Half-typed, then a reload: the form opens again with what was typed, and says so.
    await page.getByRole('button', { name: 'New actionable' }).click();
    form = page.getByRole('form', { name: 'New actionable' });
    await form.getByLabel('Title').fill('Book the dentist');
    await form.getByLabel('Description').fill('Ask for a morning slot');
    await page.reload();
    form = page.getByRole('form', { name: 'New actionable' });
    await form.getByTestId('draft-restored').waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Book the dentist');
    expect(await form.getByLabel('Description').inputValue()).toBe('Ask for a morning slot');
    // Cancel drops it: the next reload opens no form.
    await form.getByRole('button', { name: 'Cancel new actionable' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'New actionable' }).waitFor();
    expect(await page.getByRole('form', { name: 'New actionable' }).count()).toBe(0);
  }, 60_000);

  it('undoes a completion and a revert from their toasts, by keyboard, and the focus stays on the row', async () => {
    const token = await tokenOf();
    const zone = (await api<{ user: { timezone: string } }>('/auth/me')).user.timezone;
    // Due later today where the user is: the Today list shows it (CI19 ran this after 21:00 UTC with "now + 3 h" and the row never came).
    const created = await app.json<{ actionable: { id: string } }>('POST', '/api/actionables', {
      token,
      body: { title: 'Water the plants', weight: 2, deadline: endOfLocalToday(zone).toISOString() },
    });
    expect(created.status).toBe(201);
    const id = created.body.actionable.id;
    const item = async () => (await api<{ actionable: Item }>(`/actionables/${id}`)).actionable;
    const focusedLabel = () => page.evaluate(`document.activeElement?.getAttribute('aria-label')`) as Promise<string | null>;
    await page.goto(`${app.url}/actionables`);
    const row = page.getByTestId(`actionable-${id}`);
    await row.waitFor();

    // Complete by keyboard: the row's Revert takes the focus the vanished Complete had.
    await row.getByRole('button', { name: 'Complete actionable Water the plants' }).focus();
    await page.keyboard.press('Enter');
    const completedToast = page.getByTestId('toast-success').filter({ hasText: '+20 points' });
    await completedToast.waitFor();
    await expect.poll(focusedLabel).toBe('Revert actionable Water the plants to pending');
    expect(await item()).toMatchObject({ status: 'completed', pointsAwarded: 20 });

    // Undo from the toast: the points go back, the to-do is open again, and the focus is on its Complete.
    await completedToast.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');
    await toast('info', '−20 points');
    await expect.poll(async () => (await item()).status).toBe('pending');
    expect((await item()).pointsAwarded).toBe(0);
    await expect.poll(focusedLabel).toBe('Complete actionable Water the plants');

    // That toast's own Undo completes it again; one toast for the item at a time.
    await page.getByTestId('toast-info').filter({ hasText: '−20 points' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await item()).status).toBe('completed');
    expect((await item()).pointsAwarded).toBe(20);
    await completedToast.waitFor();
    expect(await page.getByTestId('toast-info').filter({ hasText: '−20 points' }).count()).toBe(0);
  }, 60_000);

  it('lists a habit not scheduled today under All with its next day, and offers no completion that could only be refused', async () => {
    const token = await tokenOf();
    const zone = (await api<{ user: { timezone: string } }>('/auth/me')).user.timezone;
    const { weekday } = localToday(zone);
    const next = (weekday + 2) % 7;
    const created = await app.json<{ habit: { id: string } }>('POST', '/api/actionables/habits', {
      token,
      body: { title: 'Gym', recurrence: { frequency: 'weekly', days: [next] } },
    });
    expect(created.status).toBe(201);
    const id = created.body.habit.id;
    await page.goto(`${app.url}/actionables`);
    await page.getByRole('group', { name: 'Show' }).getByLabel('All').check();
    const row = page.getByTestId(`actionable-${id}`);
    await row.waitFor();
    const nextDay = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][next]!;
    await waitForText(`actionable-not-due-${id}`, `Not scheduled today · next ${nextDay}`);
    expect(await row.getByTestId(`actionable-worth-${id}`).count()).toBe(0);

    // Its Complete stays (focusable, its reason read with it) but sends nothing: the server would refuse it.
    const completes: string[] = [];
    const countCompletes = (request: { method(): string; url(): string }) => {
      if (request.method() === 'PATCH' && request.url().includes(`/api/actionables/${id}/complete`)) completes.push(request.url());
    };
    page.on('request', countCompletes);
    const complete = row.getByRole('button', { name: 'Complete habit Gym' });
    expect(await complete.getAttribute('aria-disabled')).toBe('true');
    // By keyboard, as its reason is read: focused, it names the reason; Enter does nothing.
    await complete.focus();
    expect(
      await page.evaluate(
        `(document.activeElement?.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')`,
      ),
    ).toContain('Not scheduled today');
    await page.keyboard.press('Enter');
    await complete.click({ force: true });
    await page.waitForTimeout(300);
    page.off('request', countCompletes);
    expect(completes).toEqual([]);
    expect(await page.getByTestId('toast-info').count()).toBe(0);
    expect(await page.getByTestId('toast-error').count()).toBe(0);
  }, 60_000);
});
