import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, useSignedInBrowser } from './support/browser.ts';
import { openNewHabitForm } from './support/journeys.ts';
import { screenshot, type Theme } from './support/screenshots.ts';

// Issue 18 on the habit card, as a user meets it: what a completion will do is said before the
// click (a Mon/Wed/Fri habit created on a Thursday is not scheduled until Friday), a completion can
// be taken back from its toast or the card (points and streak exactly as before), and a missed day
// recorded afterwards (half the points) lengthens the streak. The dashboard's Today agrees.
// The server's clock is moved to a Monday (in the user's zone), where the user registers and starts a
// daily habit, then to the Thursday after it: Monday to Wednesday were missed.

const ZONE = 'America/New_York';
const DAY_MS = 86_400_000;

/** A date and weekday (0 = Sunday) in ZONE at an instant. */
const localDay = (at: number): { date: string; weekday: number } => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!) };
};
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 'Fri, Nov 27', as the cards name a day (Chromium's en-US). */
const shortDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

interface Habit {
  id: string;
  streak: number;
  pointsAwarded: number;
  habitToday: { state: string; canUndo: boolean } | null;
}

describe.skipIf(!chromiumAvailable)('a habit’s day before the click, undo and a missed day, in a real browser', () => {
  let ahead: number;
  const run = useSignedInBrowser('Keeper', {
    device: { timezoneId: ZONE, locale: 'en-US' },
    beforeRegistering: ({ app }) => {
      const toThursday = (4 - localDay(Date.now()).weekday + 7) % 7;
      ahead = toThursday >= 3 ? toThursday : toThursday + 7;
      app.advanceClock((ahead - 3) * DAY_MS);
    },
  });
  let today: string;
  let meditate: string;

  beforeAll(async () => {
    const created = await run.app.json<{ habit: Habit }>('POST', '/api/actionables/habits', { token: run.token, body: { title: 'Meditate', weight: 2 } });
    expect(created.status).toBe(201);
    meditate = created.body.habit.id;
    run.app.advanceClock(3 * DAY_MS);
    today = localDay(Date.now() + ahead * DAY_MS).date;
  });

  const api = async <T>(method: string, path: string, body?: unknown) => (await run.app.json<T>(method, `/api${path}`, { token: run.token, body })).body;
  const habitOf = async (id: string) => (await api<{ habits: Habit[] }>('GET', '/actionables/habits')).habits.find((habit) => habit.id === id)!;
  const pointsTotal = async () => (await api<{ stats: { total: number } }>('GET', '/points/stats')).stats.total;
  const waitForText = (testId: string, text: string) => run.page.getByTestId(testId).filter({ hasText: text }).first().waitFor();
  const toast = (kind: 'success' | 'info', text: string) => run.page.getByTestId(`toast-${kind}`).filter({ hasText: text }).first();
  const focused = () =>
    run.page.evaluate(`(document.activeElement && document.activeElement !== document.body) ? document.activeElement.textContent : '<body>'`);
  const axeClean = async (screen: string) => {
    const problems = await seriousViolations(run.page);
    expect(problems, describeViolations(screen, problems)).toEqual([]);
  };
  const photograph = async (screen: string, theme: Theme, options?: { fullPage?: boolean }) => {
    for (const width of [375, 1280]) {
      await run.page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await expect.poll(() => run.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await screenshot(run.page, screen, width, theme, options);
    }
  };
  const useTheme = async (theme: Theme) => {
    await api('PATCH', '/settings', { theme });
    await run.page.evaluate(`localStorage.setItem('theme', '${theme}')`);
    await run.page.reload();
  };

  it('says before the click that a Mon/Wed/Fri habit created on a Thursday is not scheduled until Friday', async () => {
    expect(new Date(`${today}T00:00:00Z`).getUTCDay()).toBe(4);
    const created = await run.app.json<{ habit: Habit }>('POST', '/api/actionables/habits', {
      token: run.token,
      body: { title: 'Stretch', recurrence: { frequency: 'weekly', days: [1, 3, 5] } },
    });
    expect(created.status).toBe(201);
    const id = created.body.habit.id;
    expect(created.body.habit.habitToday).toMatchObject({ state: 'notDue', next: addDays(today, 1) });

    await run.page.goto(`${run.app.url}/habits`);
    const reason = `Not scheduled today · next ${shortDay(addDays(today, 1))}`;
    await waitForText(`habit-today-${id}`, reason);
    // Still a button, so it is found and read with its reason, but it says it does nothing.
    const complete = run.page.getByRole('button', { name: 'Complete habit Stretch today' });
    expect(await complete.getAttribute('aria-disabled')).toBe('true');
    const describedBy = await complete.getAttribute('aria-describedby');
    expect(await run.page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
    expect(await complete.isEnabled()).toBe(false);
    await complete.click({ force: true });
    await run.page.waitForTimeout(500);
    expect((await habitOf(id)).habitToday).toMatchObject({ state: 'notDue' });
    await axeClean('habits, not scheduled today');
    await photograph('habit-not-scheduled', 'light');
    await run.app.json('DELETE', `/api/actionables/${id}`, { token: run.token });
  }, 60_000);

  it('completes a daily habit, takes it back from the toast, completes it again and records yesterday', async () => {
    const id = meditate;
    await run.page.goto(`${run.app.url}/habits`);
    await waitForText(`habit-today-${id}`, 'Due today');

    // Complete: the toast says what it earned and offers Undo; the focus moves to the card's Undo, not to <body>.
    await run.page.getByRole('button', { name: 'Complete habit Meditate today' }).click();
    await toast('success', 'points · streak 1').waitFor();
    const completed = await habitOf(id);
    expect(completed).toMatchObject({ streak: 1, habitToday: { state: 'done', canUndo: true } });
    const awarded = completed.pointsAwarded;
    expect(awarded).toBeGreaterThan(0);
    const done = toast('success', `+${awarded} points · streak 1`);
    await done.waitFor();
    await waitForText(`habit-today-${id}`, 'Done today ✓');
    await expect.poll(focused).toContain('Undo');
    // The toast holds while pointed at: still there after its 8 s.
    await done.hover();
    await run.page.waitForTimeout(8_500);
    expect(await done.isVisible()).toBe(true);
    await axeClean('habits, completed with an undo toast');
    await photograph('habit-undo-toast', 'light', { fullPage: false });

    // Undo from the toast: points and streak exactly as before; the focus goes back to Complete.
    await done.getByRole('button', { name: 'Undo' }).click();
    await toast('info', `−${awarded} points taken back · streak 0`).waitFor();
    await waitForText(`habit-today-${id}`, 'Due today');
    await expect.poll(async () => (await habitOf(id)).streak).toBe(0);
    expect(await pointsTotal()).toBe(0);
    await expect.poll(focused).toContain('Complete');

    // Again, by keyboard: the focus is on Complete.
    await run.page.keyboard.press('Enter');
    await toast('success', `+${awarded} points · streak 1`).waitFor();
    await waitForText(`habit-streak-${id}`, 'Streak1');

    // Record yesterday: the dialog lists the missed days of the last week, says a recorded day earns half.
    await run.page.getByRole('button', { name: 'Record a missed day of habit Meditate' }).click();
    const dialog = run.page.getByRole('dialog', { name: 'Record a missed day of “Meditate”' });
    await dialog.getByText('earns half the points').waitFor();
    const days = dialog.getByRole('radio');
    await expect.poll(() => days.count()).toBe(3);
    expect(await dialog.getByRole('radio', { name: `Yesterday, ${shortDay(addDays(today, -1))}` }).isChecked()).toBe(true);
    await axeClean('record a missed day');
    await photograph('habit-record-missed-day', 'light', { fullPage: false });
    await dialog.getByRole('button', { name: `Record ${shortDay(addDays(today, -1))}` }).click();
    await dialog.waitFor({ state: 'detached' });
    const recorded = await habitOf(id);
    expect(recorded.streak).toBe(2);
    expect(recorded.habitToday).toMatchObject({ state: 'done', canUndo: true, undoes: addDays(today, -1) });
    const half = recorded.pointsAwarded - awarded;
    expect(half).toBeGreaterThan(0);
    await toast('success', '(half: recorded afterwards) · streak 2').waitFor();
    // The completion's toast gave way: its Undo would now take back the day just recorded.
    expect(await run.page.getByTestId('toast-success').getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await waitForText(`habit-streak-${id}`, 'Streak2');
    expect(await pointsTotal()).toBe(recorded.pointsAwarded);
    // The card's Undo now names the day recorded afterwards: that is what it takes back, not today's.
    const yesterday = shortDay(addDays(today, -1));
    await run.page
      .getByTestId(`habit-${id}`)
      .getByRole('button', { name: `Undo ${yesterday}, the last completion of habit Meditate` })
      .waitFor();
    await photograph('habits-after-backfill', 'light');

    // The dashboard's Today says the same: done, with Undo; take it back and complete it there.
    await run.page.goto(`${run.app.url}/dashboard`);
    const row = run.page.getByTestId(`today-${id}`);
    await row.getByText('Done today ✓').waitFor();
    await axeClean('dashboard, habit done');
    // Undo takes back the completion recorded last: the day recorded afterwards (the button and the toast name it), then today's.
    const undoRecorded = row.getByRole('button', { name: `Undo ${yesterday}, the last completion of habit Meditate` });
    expect(await undoRecorded.textContent()).toBe(`Undo ${yesterday}`);
    await undoRecorded.click();
    await toast('info', 'points taken back · streak 1')
      .filter({ hasText: `Took back “Meditate” for ${yesterday}` })
      .waitFor();
    await expect.poll(async () => (await habitOf(id)).pointsAwarded).toBe(awarded);
    await row.getByText('Done today ✓').waitFor();
    const undo = row.getByRole('button', { name: 'Undo the last completion of habit Meditate' });
    expect(await undo.textContent()).toBe('Undo');
    await undo.click();
    await toast('info', `−${awarded} points taken back · streak 0`).waitFor();
    await row.getByText('Due today').waitFor();
    await expect.poll(focused).toContain('Complete');
    expect(await pointsTotal()).toBe(0);
    await row.getByRole('button', { name: 'Complete habit Meditate' }).click();
    await row.getByText('Done today ✓').waitFor();
    await expect.poll(async () => (await habitOf(id)).streak).toBe(1);
    await photograph('dashboard-today-habit', 'light');

    // Dark: the card and its dialog.
    await useTheme('dark');
    await run.page.goto(`${run.app.url}/habits`);
    await waitForText(`habit-today-${id}`, 'Done today ✓');
    await axeClean('habits, dark');
    await photograph('habits-after-backfill', 'dark');
    await run.page.getByRole('button', { name: 'Record a missed day of habit Meditate' }).click();
    await dialog.waitFor();
    await axeClean('record a missed day, dark');
    await photograph('habit-record-missed-day', 'dark', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await run.page.goto(`${run.app.url}/dashboard`);
    await run.page.getByTestId(`today-${id}`).getByText('Done today ✓').waitFor();
    await axeClean('dashboard, dark');
    await photograph('dashboard-today-habit', 'dark');
  }, 180_000);

  it('creates every-4-days and 3-times-a-week habits through the form, a start date checked before sending', async () => {
    const form = await openNewHabitForm(run.page, run.app.url);
    await form.getByLabel('Title').fill('Water plants');
    await form.getByRole('radio', { name: 'Every N days' }).check();
    await form.getByLabel('Every how many days').fill('4');
    await form.getByText('1 to 365, counted from the start date').waitFor();
    await form.getByLabel('Started on').fill(addDays(today, -31));
    await form.getByRole('button', { name: 'Save new habit' }).click();
    await form.getByText('Started on must be from 30 days ago to a year ahead').waitFor();
    expect(await run.page.evaluate(`document.activeElement?.getAttribute('name')`)).toBe('startDate');
    await form.getByLabel('Started on').fill(addDays(today, -2));
    await form.getByRole('button', { name: 'Save new habit' }).click();
    await form.waitFor({ state: 'detached' });
    const plants = (
      await api<{ habits: (Habit & { title: string; startDate: string; recurrence: { everyNDays: number } })[] }>('GET', '/actionables/habits')
    ).habits.find((habit) => habit.title === 'Water plants')!;
    expect(plants.recurrence.everyNDays).toBe(4);
    await waitForText(`habit-schedule-${plants.id}`, 'Every 4 days');

    await run.page.getByRole('button', { name: 'New habit' }).click();
    await form.getByLabel('Title').fill('Yoga');
    await form.getByRole('radio', { name: 'N times a week' }).check();
    await form.getByLabel('Times a week', { exact: true }).fill('3');
    // The user's week start (Sunday by default) is the habit's.
    await form.getByText('weeks start on Sunday').waitFor();
    await axeClean('new habit, 3 times a week');
    await photograph('habit-form-times-per-week', 'dark');
    await form.getByRole('button', { name: 'Save new habit' }).click();
    await form.waitFor({ state: 'detached' });
    const yoga = (
      await api<{ habits: (Habit & { title: string; recurrence: { timesPerWeek: number; weekStartsOn: number } })[] }>('GET', '/actionables/habits')
    ).habits.find((habit) => habit.title === 'Yoga')!;
    expect(yoga.recurrence).toMatchObject({ timesPerWeek: 3, weekStartsOn: 0 });
    await waitForText(`habit-schedule-${yoga.id}`, '3 times a week');
    await waitForText(`habit-today-${yoga.id}`, '0 of 3 this week');
  }, 90_000);
});
