import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, useSignedInBrowser } from './support/browser.ts';
import { screenshot, type Theme } from './support/screenshots.ts';

const DAY = 86_400_000;
const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
/** 'Wed, Nov 25': how a cell's name begins (en-US, the browser's locale here). */
const shortDay = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const datesFrom = (from: string, to: string): string[] => {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
};

/** What the cells say after the date, state by state (the words the web app uses). */
const words = {
  done: 'done',
  backfilled: 'backfilled (recorded afterwards)',
  missed: 'missed',
  frozen: 'frozen',
  due: 'due today, not done yet',
  before: 'before the habit started',
  upcoming: 'still to come',
  frozenAhead: 'frozen, still to come',
} as const;
type Said = keyof typeof words;

describe.skipIf(!chromiumAvailable)('a habit’s record in a real browser: the card’s weeks, the habit page and freezes agree', () => {
  const run = useSignedInBrowser('Habit Keeper', { device: { timezoneId: 'America/New_York', viewport: { width: 1280, height: 900 }, locale: 'en-US' } });
  let keys = 0;

  const call = async <T = any>(method: string, path: string, body?: unknown): Promise<T> => {
    keys += 1;
    const res = await run.app.json<T>(method, `/api${path}`, {
      token: run.user.token,
      headers: { 'Idempotency-Key': `habit-page-${keys}-${Date.now()}` },
      ...(body !== undefined ? { body } : {}),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const serverToday = async (): Promise<string> => (await call<{ settings: { today: { date: string } } }>('GET', '/settings')).settings.today.date;

  /** Each date's cell in `grid` is named '<date>: <what happened>'. */
  const expectCells = async (grid: Locator, expected: Record<string, Said>) => {
    for (const [date, said] of Object.entries(expected)) {
      await expect
        .poll(() => grid.locator(`[data-date="${date}"]`).getAttribute('aria-label'), { message: `${date} in the grid` })
        .toBe(`${shortDay(date)}: ${words[said]}`);
    }
  };

  const problems: string[] = [];
  const check = async (name: string, theme: Theme) => {
    const found = await seriousViolations(run.page);
    if (found.length) problems.push(describeViolations(`${name} (${theme})`, found));
    for (const width of [1280, 375]) {
      await screenshot(run.page, name, width, theme);
      if (width === 375) {
        // Nothing makes a phone scroll sideways (the year calendar scrolls inside its card).
        await expect.poll(() => run.page.evaluate('document.documentElement.scrollWidth'), { message: `${name} at 375 px` }).toBeLessThanOrEqual(375);
      }
    }
    await run.page.setViewportSize({ width: 1280, height: 900 });
  };

  it(
    'a daily habit begun 10 days back, done today, backfilled yesterday, frozen next week: grid, page and freeze list tell one story',
    { timeout: 180_000 },
    async () => {
      const today = await serverToday();
      const start = addDays(today, -10);
      const habit = (await call<{ habit: { id: string } }>('POST', '/actionables/habits', { title: 'Morning pages', startDate: start })).habit;
      await call('PATCH', `/actionables/habits/${habit.id}/complete`);
      await call('POST', `/actionables/habits/${habit.id}/completions`, { date: addDays(today, -1) });
      const answered = (await call<{ actionable: { streak: number } }>('GET', `/actionables/${habit.id}`)).actionable;
      expect(answered.streak).toBe(2);

      // The card's weeks (from Sunday, the default week start) come from the history: no day it cannot tell.
      await run.page.goto(`${run.app.url}/habits`);
      const card = run.page.getByTestId(`habit-${habit.id}`);
      const grid = card.getByRole('grid', { name: 'Morning pages, last 5 weeks' });
      await grid.waitFor();
      const before: Record<string, Said> = {
        [addDays(start, -1)]: 'before',
        [today]: 'done',
        [addDays(today, -1)]: 'backfilled',
        ...Object.fromEntries(datesFrom(start, addDays(today, -2)).map((date) => [date, 'missed' as const])),
      };
      await expectCells(grid, before);
      expect(await grid.getByRole('gridcell', { name: `${shortDay(today)}: done` }).count()).toBe(1);
      expect(await card.getByText('No record').count()).toBe(0);
      // One tab stop: today; the arrow keys move to the day before.
      await grid.locator(`[data-date="${today}"]`).focus();
      await run.page.keyboard.press('ArrowLeft');
      expect(await run.page.evaluate('document.activeElement?.dataset.date')).toBe(weekday(today) === 0 ? today : addDays(today, -1));

      // Freeze next week (Sunday to Saturday) from the panel; the limits are said before anything is typed.
      const nextWeek = addDays(today, 7 - weekday(today));
      const panel = run.page.getByTestId('freeze-panel');
      await panel.getByText('Up to 14 days; at most 2 a month').waitFor();
      const form = panel.getByRole('form', { name: 'Freeze habits' });
      await form.getByLabel('Habits').selectOption({ label: 'Morning pages' });
      // Fifteen days: refused by the form, next to To.
      await form.getByLabel('From').fill(nextWeek);
      await form.getByLabel('To').fill(addDays(nextWeek, 14));
      await form.getByRole('button', { name: 'Freeze' }).click();
      await form.getByText('To must be at most 14 days after the first day').waitFor();
      expect(await form.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
      await form.getByLabel('To').fill(addDays(nextWeek, 6));
      await form.getByRole('button', { name: 'Freeze' }).click();
      await run.page.getByTestId('toast-success').filter({ hasText: 'Morning pages' }).waitFor();
      const { freezes } = await call<{ freezes: Array<{ id: string; habitId: string | null; from: string; to: string }> }>(
        'GET',
        '/actionables/habits/freezes',
      );
      expect(freezes).toEqual([expect.objectContaining({ habitId: habit.id, from: nextWeek, to: addDays(nextWeek, 6) })]);
      const row = panel.getByTestId(`freeze-${freezes[0]!.id}`);
      await row.getByText('7 days').waitFor();
      expect(await row.getByRole('button', { name: /^Cancel freeze of Morning pages, / }).count()).toBe(1);
      await card
        .getByTestId(`habit-history-freezes-${habit.id}`)
        .filter({ hasText: shortDay(nextWeek) })
        .waitFor();

      // The same days again, overlapping: the server's 409 is said in the form.
      await form.getByLabel('From').fill(addDays(nextWeek, 2));
      await form.getByLabel('To').fill(addDays(nextWeek, 3));
      await form.getByRole('button', { name: 'Freeze' }).click();
      await form.getByRole('alert').filter({ hasText: 'overlaps another one' }).waitFor();

      // Cancelled by a misclick: the toast's Undo freezes the same days again.
      await row.getByRole('button', { name: /^Cancel freeze of Morning pages, / }).click();
      await run.page.getByTestId('toast-info').filter({ hasText: 'Freeze cancelled' }).getByRole('button', { name: 'Undo' }).click();
      await run.page.getByTestId('toast-success').filter({ hasText: 'Freeze kept' }).waitFor();
      const [kept] = (await call<{ freezes: Array<{ id: string; habitId: string | null; from: string; to: string }> }>('GET', '/actionables/habits/freezes'))
        .freezes;
      expect(kept).toEqual(expect.objectContaining({ habitId: habit.id, from: nextWeek, to: addDays(nextWeek, 6) }));
      await panel.getByTestId(`freeze-${kept!.id}`).getByText('7 days').waitFor();

      // The habit page, from the card's title: streaks, rates over the 11 days due so far, the year's cells.
      await card.getByRole('link', { name: 'Morning pages' }).click();
      await run.page.waitForURL(new RegExp(`/habits/${habit.id}$`));
      await run.page.getByRole('heading', { name: 'Morning pages', level: 1 }).waitFor();
      await expect.poll(() => run.page.getByTestId('habit-page-streak').textContent()).toBe('2');
      await expect.poll(() => run.page.getByTestId('habit-page-best').textContent()).toBe('2');
      // It began within the year read, so its best over that year is its best.
      await run.page.getByText('Best streak', { exact: true }).waitFor();
      for (const window of [30, 90, 365]) {
        await expect.poll(() => run.page.getByTestId(`habit-rate-${window}`).textContent()).toBe('18%');
        expect(await run.page.getByTestId(`habit-rate-${window}`).locator('xpath=following-sibling::dd').textContent()).toBe('2 of 11 done');
      }
      const year = run.page.getByRole('grid', { name: 'Morning pages: each day of the last 12 months' });
      await expectCells(year, before);
      expect(await year.getByRole('gridcell', { name: /: missed$/ }).count()).toBe(9);
      await run.page.getByTestId(`habit-completion-${today}`).filter({ hasText: 'Done' }).waitFor();
      await run.page
        .getByTestId(`habit-completion-${addDays(today, -1)}`)
        .filter({ hasText: 'Backfilled' })
        .waitFor();
      await run.page
        .getByTestId('habit-page-freezes')
        .filter({ hasText: shortDay(nextWeek) })
        .waitFor();

      for (const theme of ['light', 'dark'] as const) {
        await call('PATCH', '/settings', { theme });
        await run.page.evaluate(`localStorage.setItem('theme', '${theme}')`);
        await run.page.goto(`${run.app.url}/habits`);
        await grid.locator(`[data-date="${today}"][data-state="done"]`).waitFor();
        await check('habits-with-freezes', theme);
        await run.page.goto(`${run.app.url}/habits/${habit.id}`);
        await year.locator(`[data-date="${today}"][data-state="done"]`).waitFor();
        await check('habit-page', theme);
      }

      // A week on, inside the freeze: the frozen days so far, the rest of the week frozen ahead, in both grids;
      // the freeze is under way (no Cancel); the rates leave the frozen days out.
      run.app.advanceClock(7 * DAY);
      const login = await run.app.json<{ token: string }>('POST', '/api/auth/login', { body: { email: run.user.email, password: run.user.password } });
      run.user.token = login.body.token;
      // A fresh start with the new session (the stored state of the old one is dropped), in the dark theme.
      await run.page.evaluate(
        `(() => { localStorage.clear(); localStorage.setItem('token', ${JSON.stringify(run.user.token)}); localStorage.setItem('theme', 'dark'); })()`,
      );
      const later = await serverToday();
      expect(later).toBe(addDays(today, 7));
      const weekOn: Record<string, Said> = {
        ...before,
        ...Object.fromEntries(datesFrom(addDays(today, 1), addDays(nextWeek, -1)).map((date) => [date, 'missed' as const])),
        ...Object.fromEntries(datesFrom(nextWeek, later).map((date) => [date, 'frozen' as const])),
        ...Object.fromEntries(datesFrom(addDays(later, 1), addDays(nextWeek, 6)).map((date) => [date, 'frozenAhead' as const])),
      };
      const missed = Object.values(weekOn).filter((said) => said === 'missed').length;
      const frozen = Object.values(weekOn).filter((said) => said === 'frozen').length;
      const streak = (await call<{ actionable: { streak: number } }>('GET', `/actionables/${habit.id}`)).actionable.streak;
      // Missed days between today and the freeze end the run; none when today was a Saturday (the freeze began the next day).
      expect(streak).toBe(nextWeek === addDays(today, 1) ? 2 : 0);

      await run.page.goto(`${run.app.url}/habits/${habit.id}`);
      await expectCells(year, weekOn);
      await expect.poll(() => run.page.getByTestId('habit-page-streak').textContent()).toBe(String(streak));
      expect(await run.page.getByTestId('habit-page-best').textContent()).toBe('2');
      const rate = `${Math.round((2 / (2 + missed)) * 100)}%`;
      await expect.poll(() => run.page.getByTestId('habit-rate-30').textContent()).toBe(rate);
      expect(await run.page.getByTestId('habit-rate-30').locator('xpath=following-sibling::dd').textContent()).toBe(
        `2 of ${2 + missed} done · ${frozen} frozen`,
      );
      await check('habit-page-frozen', 'dark');

      await run.page.goto(`${run.app.url}/habits`);
      await expectCells(grid, weekOn);
      const current = panel.getByTestId(`freeze-${kept!.id}`);
      await current.getByText('Under way').waitFor();
      expect(await current.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
      await check('habits-frozen', 'dark');

      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
});
