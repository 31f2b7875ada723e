import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, useSignedInBrowser } from './support/browser.ts';
import { openNewHabitForm } from './support/journeys.ts';
import { screenshot } from './support/screenshots.ts';

// Issue 18's acceptance as one user's day in the browser: two habits made with the New habit form
// (3 times a week, every 4 days), both completed and one taken back from its toast; a daily habit
// begun 3 days back, done today and yesterday recorded afterwards; next week frozen; the day start
// moved in Settings. Then the card, the habit page, the dashboard's Today and the points audit tell
// one story: the same streaks, the backfilled day as backfilled, the taken-back completion gone,
// the same points, the freeze shown (in the audit as awarding nothing), and a habit whose day
// passed still open offered on the card and on Today in the same words. Each screen is looked at
// at 375 and 1280 px, light and dark.

const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
/** 'Wed, Nov 25', as the cards and cells name a day (en-US). */
const shortDay = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const hourIn = (at: number): number =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(at)).find((part) => part.type === 'hour')!
      .value,
  );

interface Habit {
  id: string;
  title: string;
  streak: number;
  pointsAwarded: number;
  habitToday: { state: string; canUndo: boolean } | null;
}

describe.skipIf(!chromiumAvailable)('a habit keeper’s day, in a real browser: card, habit page, Today and the audit agree', () => {
  const run = useSignedInBrowser('Habit Keeper', {
    device: { timezoneId: ZONE, locale: 'en-US', viewport: { width: 1280, height: 900 } },
    timezone: ZONE,
    // Noon in New York, so the day does not end while the journey runs.
    beforeRegistering: ({ app }) => app.advanceClock(((12 - hourIn(Date.now()) + 24) % 24) * HOUR),
  });
  beforeAll(async () => {
    await run.app.json('PATCH', '/api/settings', { token: run.token, body: { theme: 'light' } });
    await run.page.evaluate(`localStorage.setItem('theme', 'light')`);
  });

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await run.app.json<T>(method, `/api${path}`, { token: run.token, ...(body !== undefined ? { body } : {}) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const habits = async () => (await api<{ habits: Habit[] }>('GET', '/actionables/habits')).habits;
  const habitNamed = async (title: string) => (await habits()).find((habit) => habit.title === title)!;
  const historyOf = async (id: string, from: string, to: string) =>
    (await api<{ history: Array<{ date: string; state: string }> }>('GET', `/actionables/habits/${id}/history?startDate=${from}&endDate=${to}`)).history;
  const waitForText = (testId: string, text: string) => run.page.getByTestId(testId).filter({ hasText: text }).first().waitFor();
  const toast = (kind: 'success' | 'info', text: string) => run.page.getByTestId(`toast-${kind}`).filter({ hasText: text }).first();
  const problems: string[] = [];
  const axeClean = async (screen: string) => {
    const found = await seriousViolations(run.page);
    if (found.length) problems.push(describeViolations(screen, found));
  };
  const photograph = async (screen: string, theme: 'light' | 'dark' = 'light') => {
    for (const width of [375, 1280]) {
      await run.page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await expect.poll(() => run.page.evaluate('document.documentElement.scrollWidth'), { message: `${screen} at ${width} px` }).toBeLessThanOrEqual(width);
      await screenshot(run.page, screen, width, theme);
    }
    await run.page.setViewportSize({ width: 1280, height: 900 });
  };

  it('creates, completes, takes back, records a missed day, freezes and moves the day start; every screen tells the same story', async () => {
    const today = (await api<{ settings: { today: { date: string } } }>('GET', '/settings')).settings.today.date;
    const yesterday = addDays(today, -1);

    // A daily habit the user already keeps, begun 3 days back (through the API: its start date).
    const read = (await api<{ habit: Habit }>('POST', '/actionables/habits', { title: 'Read', startDate: addDays(today, -3) })).habit;
    // A weekly habit on yesterday's weekday, begun 3 days back and not done yesterday: today it counts for yesterday.
    const swim = (
      await api<{ habit: Habit }>('POST', '/actionables/habits', {
        title: 'Swim',
        recurrence: { frequency: 'weekly', days: [weekday(yesterday)] },
        startDate: addDays(today, -3),
      })
    ).habit;

    // Two habits through the New habit form.
    const form = await openNewHabitForm(run.page, run.app.url);
    await form.getByLabel('Title').fill('Water plants');
    await form.getByRole('radio', { name: 'Every N days' }).check();
    await form.getByLabel('Every how many days').fill('4');
    await form.getByLabel('Started on').fill(today);
    await axeClean('new habit, every 4 days');
    await form.getByRole('button', { name: 'Save new habit' }).click();
    await form.waitFor({ state: 'detached' });
    await run.page.getByRole('button', { name: 'New habit' }).click();
    await form.getByLabel('Title').fill('Yoga');
    await form.getByRole('radio', { name: 'N times a week' }).check();
    await form.getByLabel('Times a week', { exact: true }).fill('3');
    await form.getByRole('button', { name: 'Save new habit' }).click();
    await form.waitFor({ state: 'detached' });
    const plants = await habitNamed('Water plants');
    const yoga = await habitNamed('Yoga');
    await waitForText(`habit-schedule-${plants.id}`, 'Every 4 days');
    await waitForText(`habit-schedule-${yoga.id}`, '3 times a week');

    // Complete both; take Yoga back from its toast's Undo.
    await run.page.getByRole('button', { name: 'Complete habit Water plants today' }).click();
    await toast('success', 'Water plants').waitFor();
    await waitForText(`habit-today-${plants.id}`, 'Done today');
    await run.page.getByRole('button', { name: 'Complete habit Yoga today' }).click();
    const yogaDone = toast('success', 'Yoga');
    await yogaDone.getByText('streak').waitFor();
    await expect.poll(async () => (await habitNamed('Yoga')).pointsAwarded).toBeGreaterThan(0);
    const yogaAward = (await habitNamed('Yoga')).pointsAwarded;
    await waitForText(`habit-today-${yoga.id}`, '1 of 3 this week');
    await yogaDone.getByRole('button', { name: 'Undo' }).click();
    await toast('info', `−${yogaAward} points taken back · streak 0`).waitFor();
    await waitForText(`habit-today-${yoga.id}`, '0 of 3 this week');
    // Only Yoga was taken back.
    expect(await habitNamed('Water plants')).toMatchObject({ streak: 1, habitToday: { state: 'done' } });
    await axeClean('habits, after an undo');

    // Read: done today, and yesterday recorded afterwards from the dialog.
    await run.page.getByRole('button', { name: 'Complete habit Read today' }).click();
    await waitForText(`habit-streak-${read.id}`, 'Streak1');
    await run.page.getByRole('button', { name: 'Record a missed day of habit Read' }).click();
    const dialog = run.page.getByRole('dialog', { name: 'Record a missed day of “Read”' });
    await dialog.getByText('earns half the points').waitFor();
    expect(await dialog.getByRole('radio', { name: `Yesterday, ${shortDay(yesterday)}` }).isChecked()).toBe(true);
    await axeClean('record a missed day');
    await dialog.getByRole('button', { name: `Record ${shortDay(yesterday)}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast('success', '(half: recorded afterwards) · streak 2').waitFor();
    await waitForText(`habit-streak-${read.id}`, 'Streak2');

    // Freeze all habits next week (Sunday to Saturday) from the Freeze panel.
    const nextWeek = addDays(today, 7 - weekday(today));
    const panel = run.page.getByTestId('freeze-panel');
    const freeze = panel.getByRole('form', { name: 'Freeze habits' });
    await freeze.getByLabel('Habits').selectOption({ label: 'All habits' });
    await freeze.getByLabel('From').fill(nextWeek);
    await freeze.getByLabel('To').fill(addDays(nextWeek, 6));
    await axeClean('habits, freeze panel filled in');
    await freeze.getByRole('button', { name: 'Freeze' }).click();
    await toast('success', 'All habits').waitFor();
    const { freezes } = await api<{ freezes: Array<{ id: string; habitId: string | null; from: string; to: string }> }>('GET', '/actionables/habits/freezes');
    expect(freezes).toEqual([expect.objectContaining({ habitId: null, from: nextWeek, to: addDays(nextWeek, 6) })]);
    await panel.getByTestId(`freeze-${freezes[0]!.id}`).getByText('7 days').waitFor();

    // The day start, in Settings: 04:00 from tomorrow; today stays as it was.
    await run.page.goto(`${run.app.url}/settings`);
    const dayStart = run.page.getByRole('combobox', { name: 'Day starts at' });
    await dayStart.selectOption('4');
    await toast('success', 'From tomorrow, your days start at 04:00.').waitFor();
    await waitForText('settings-day-start-today', 'from tomorrow, days start at 04:00');
    expect((await api<{ settings: unknown }>('GET', '/settings')).settings).toMatchObject({
      dayStartHour: 4,
      today: { date: today, dayStartHour: 0 },
      next: { dayStartHour: 4 },
    });
    await axeClean('settings, day start changed');

    // What the server holds, that every screen must say.
    const held = await habits();
    const byId = new Map(held.map((habit) => [habit.id, habit]));
    expect(byId.get(read.id)).toMatchObject({ streak: 2, habitToday: { state: 'done' } });
    expect(byId.get(plants.id)).toMatchObject({ streak: 1, habitToday: { state: 'done' } });
    expect(byId.get(yoga.id)).toMatchObject({ streak: 0, pointsAwarded: 0 });
    expect(byId.get(swim.id)).toMatchObject({ streak: 0, pointsAwarded: 0, habitToday: { state: 'due', occurrence: yesterday } });
    const total = held.reduce((sum, habit) => sum + habit.pointsAwarded, 0);
    const stats = (await api<{ stats: { today: number; total: number } }>('GET', '/points/stats')).stats;
    expect(stats.total).toBe(total);
    const yogaHistory = await historyOf(yoga.id, addDays(today, -7), today);
    expect(yogaHistory.filter((day) => day.state === 'done' || day.state === 'backfilled')).toEqual([]);

    // The cards: streaks, the backfilled day in Read's weeks, Yoga's day not done, the freeze named.
    await run.page.goto(`${run.app.url}/habits`);
    await waitForText(`habit-streak-${read.id}`, 'Streak2');
    await waitForText(`habit-streak-${plants.id}`, 'Streak1');
    await waitForText(`habit-streak-${yoga.id}`, 'Streak0');
    await waitForText(`habit-today-${yoga.id}`, '0 of 3 this week');
    await waitForText(`habit-today-${swim.id}`, `Counts for ${shortDay(yesterday)}`);
    // What each card says about today, which the dashboard's Today must say in the same words.
    const cardWords = new Map<string, string>();
    for (const habit of [read, plants, yoga, swim]) {
      cardWords.set(habit.id, (await run.page.getByTestId(`habit-today-${habit.id}`).locator('dd').textContent())!.trim());
    }
    const readCard = run.page.getByTestId(`habit-${read.id}`);
    const readGrid = readCard.getByRole('grid', { name: 'Read, last 5 weeks' });
    const cell = (grid: typeof readGrid, date: string) => grid.locator(`[data-date="${date}"]`);
    await expect.poll(() => cell(readGrid, yesterday).getAttribute('aria-label')).toBe(`${shortDay(yesterday)}: backfilled (recorded afterwards)`);
    await expect.poll(() => cell(readGrid, today).getAttribute('aria-label')).toBe(`${shortDay(today)}: done`);
    expect(await cell(readGrid, addDays(today, -2)).getAttribute('aria-label')).toBe(`${shortDay(addDays(today, -2))}: missed`);
    const yogaGrid = run.page.getByTestId(`habit-${yoga.id}`).getByRole('grid', { name: 'Yoga, last 5 weeks' });
    await cell(yogaGrid, today).waitFor();
    expect(await cell(yogaGrid, today).getAttribute('data-state')).not.toBe('done');
    expect(await yogaGrid.locator('[data-state="done"], [data-state="backfilled"]').count()).toBe(0);
    await readCard
      .getByTestId(`habit-history-freezes-${read.id}`)
      .filter({ hasText: shortDay(nextWeek) })
      .waitFor();
    await axeClean('habits, the day’s record');

    // The habit page: the same streak, yesterday backfilled, today done, the freeze ahead.
    await readCard.getByRole('link', { name: 'Read' }).click();
    await run.page.waitForURL(new RegExp(`/habits/${read.id}$`));
    await run.page.getByRole('heading', { name: 'Read', level: 1 }).waitFor();
    await expect.poll(() => run.page.getByTestId('habit-page-streak').textContent()).toBe('2');
    await expect.poll(() => run.page.getByTestId('habit-page-best').textContent()).toBe('2');
    const year = run.page.getByRole('grid', { name: 'Read: each day of the last 12 months' });
    await expect.poll(() => cell(year, yesterday).getAttribute('aria-label')).toBe(`${shortDay(yesterday)}: backfilled (recorded afterwards)`);
    expect(await cell(year, today).getAttribute('aria-label')).toBe(`${shortDay(today)}: done`);
    await run.page.getByTestId(`habit-completion-${yesterday}`).filter({ hasText: 'Backfilled' }).waitFor();
    await run.page.getByTestId(`habit-completion-${today}`).filter({ hasText: 'Done' }).waitFor();
    await run.page
      .getByTestId('habit-page-freezes')
      .filter({ hasText: shortDay(nextWeek) })
      .waitFor();
    await axeClean('habit page');

    // Yoga's page: nothing done (the completion taken back is not there).
    await run.page.goto(`${run.app.url}/habits/${yoga.id}`);
    await run.page.getByRole('heading', { name: 'Yoga', level: 1 }).waitFor();
    await expect.poll(() => run.page.getByTestId('habit-page-streak').textContent()).toBe('0');
    expect(await run.page.getByTestId(`habit-completion-${today}`).count()).toBe(0);

    // The dashboard's Today: Read and Water plants done, Yoga still to do, Swim offered for yesterday as
    // its card offers it; each row in its card's words. The tiles hold the points.
    await run.page.goto(`${run.app.url}/dashboard`);
    await run.page.getByTestId(`today-done-${read.id}`).waitFor();
    await run.page.getByTestId(`today-done-${plants.id}`).waitFor();
    await run.page.getByTestId(`today-${yoga.id}`).getByRole('button', { name: 'Complete habit Yoga' }).waitFor();
    await run.page.getByTestId(`today-${swim.id}`).getByRole('button', { name: 'Complete habit Swim' }).waitFor();
    expect(await run.page.getByTestId(`today-done-${yoga.id}`).count()).toBe(0);
    for (const [id, words] of cardWords) {
      expect(await run.page.getByTestId(`today-${id}`).textContent(), `Today's row of ${id}`).toContain(words);
    }
    expect(cardWords.get(swim.id)).toBe(`Counts for ${shortDay(yesterday)}`);
    await expect.poll(() => run.page.getByTestId('stat-total').textContent()).toBe(String(total));
    await expect.poll(() => run.page.getByTestId('stat-today').textContent()).toBe(String(stats.today));
    const tileTotal = (await run.page.getByTestId('stat-total').textContent())!.trim();
    await axeClean('dashboard');

    // The audit: every total equal to the tiles; the backfill recorded afterwards, Yoga's award taken back.
    await run.page.goto(`${run.app.url}/audit`);
    await waitForText('audit-verdict-title', 'Every point is accounted for');
    const textOf = async (testId: string) => (await run.page.getByTestId(testId).textContent())?.trim();
    await expect.poll(() => textOf('audit-recorded-total')).toBe(tileTotal);
    expect(await textOf('audit-recomputed-total')).toBe(tileTotal);
    expect(await textOf('audit-ledger-total')).toBe(tileTotal);
    await run.page.getByTestId('audit-entries').getByText('4 awards, 1 revocation · 1 freeze, which awards nothing').waitFor();
    const entries = run.page.getByRole('table', { name: 'Awards and revocations' }).getByTestId('audit-entry');
    const reasons = (await entries.locator('td.entries__reason').allTextContents()).map((reason) => reason.trim());
    expect(reasons.filter((reason) => reason.startsWith(`Recorded habit "Read" for ${yesterday} afterwards`))).toHaveLength(1);
    expect(reasons).toContain(`Took back habit "Yoga" for ${today}`);
    const yogaRows = entries.filter({ hasText: 'Yoga' });
    expect(await yogaRows.getByTestId('audit-entry-points').allTextContents()).toEqual([`−${yogaAward}`, `+${yogaAward}`]);
    // The freeze of next week, among the awards: all habits, its days, no points, the total unchanged.
    const frozen = run.page.getByRole('table', { name: 'Awards and revocations' }).getByTestId('audit-freeze');
    expect(await frozen.count()).toBe(1);
    expect(await frozen.getAttribute('data-what')).toBe('set');
    const frozenText = (await frozen.textContent())!;
    expect(frozenText).toContain('All habits');
    expect(frozenText).toContain(`Froze all habits for ${shortDay(nextWeek)} – ${shortDay(addDays(nextWeek, 6))} (7 days)`);
    expect(frozenText).toContain('award nothing and neither break nor extend a streak');
    expect(frozenText).toContain('awards nothing');
    await axeClean('points audit');

    // Every screen of the story, light and dark, at a phone's width and a laptop's.
    for (const theme of ['light', 'dark'] as const) {
      await api('PATCH', '/settings', { theme });
      await run.page.evaluate(`localStorage.setItem('theme', '${theme}')`);
      await run.page.goto(`${run.app.url}/habits`);
      await waitForText(`habit-streak-${read.id}`, 'Streak2');
      await axeClean(`habits (${theme})`);
      await photograph('journey-habits', theme);
      await run.page.goto(`${run.app.url}/habits/${read.id}`);
      await expect.poll(() => run.page.getByTestId('habit-page-streak').textContent()).toBe('2');
      await axeClean(`habit run.page (${theme})`);
      await photograph('journey-habit-page', theme);
      await run.page.goto(`${run.app.url}/dashboard`);
      await run.page.getByTestId(`today-done-${read.id}`).waitFor();
      await expect.poll(() => run.page.getByTestId('stat-total').textContent()).toBe(tileTotal);
      await axeClean(`dashboard (${theme})`);
      await photograph('journey-dashboard', theme);
      await run.page.goto(`${run.app.url}/audit`);
      await waitForText('audit-verdict-title', 'Every point is accounted for');
      await run.page.getByTestId('audit-freeze').waitFor();
      await axeClean(`points audit (${theme})`);
      await photograph('journey-audit', theme);
    }

    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);
});
