import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, useSignedInBrowser } from './support/browser.ts';
import { screenshot } from './support/screenshots.ts';

// Issue 19's journey "a day on the phone", at 375 px: the dashboard opens on today's check-in list;
// one tap each completes a to-do and a habit; the habit's completion is undone from its toast and
// done again; yesterday, left open, is recorded with one tap (a backfill: half the points); a to-do
// is added in one line. The server holds each once.

interface Item {
  id: string;
  title: string;
  status: string;
}

describe.skipIf(!chromiumAvailable)('a day on the phone', () => {
  const run = useSignedInBrowser('Phone User', {
    device: { timezoneId: 'America/New_York', locale: 'en-US', viewport: { width: 375, height: 800 } },
    timezone: 'America/New_York',
  });

  const api = async <T>(method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = method === 'GET' ? {} : { 'Idempotency-Key': crypto.randomUUID() };
    const res = await run.app.json<T>(method, `/api${path}`, { token: run.token, body, headers });
    return res.body;
  };
  const toast = (text: string) => run.page.getByTestId('toast-success').filter({ hasText: text }).first();
  /** A toast leaves the item it tells of in view: their boxes do not meet. */
  const expectApart = async (shown: Locator, item: Locator) => {
    const [a, b] = [await shown.boundingBox(), await item.boundingBox()];
    expect(a && b).toBeTruthy();
    const meet = a!.y < b!.y + b!.height && a!.y + a!.height > b!.y && a!.x < b!.x + b!.width && a!.x + a!.width > b!.x;
    expect(meet, `toast ${JSON.stringify(a)} over item ${JSON.stringify(b)}`).toBe(false);
  };
  const daysBack = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

  it('check-in list first, one tap each, undo from the toast, yesterday recorded in one tap, a to-do added in one line', async () => {
    const { page } = run;
    const { settings } = await api<{ settings: { today: { date: string } } }>('GET', '/settings');
    const today = settings.today.date;
    const yesterday = daysBack(today, 1);
    const { habit } = await api<{ habit: Item }>('POST', '/actionables/habits', { title: 'Stretch', startDate: daysBack(today, 3) });
    const { actionable: todo } = await api<{ actionable: Item }>('POST', '/actionables', {
      title: 'Water the plants',
      deadline: new Date().toISOString(),
    });

    await page.goto(`${run.app.url}/dashboard`);
    const list = page.getByRole('list', { name: "Today's actionables and habits" });
    await list.waitFor();
    // Today's list is the phone's first screen.
    const box = await page.getByTestId('today').boundingBox();
    expect(box!.y).toBeLessThan(800);
    const row = page.getByTestId(`today-${habit.id}`);
    const yesterdayButton = row.getByRole('button', { name: /^Did it yesterday: record .+ for habit Stretch, for half the points$/ });
    await yesterdayButton.waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const problems = await seriousViolations(page, '[data-testid="today"]');
      expect(problems, describeViolations(`today's check-in list with yesterday open, ${scheme}`, problems)).toEqual([]);
      await screenshot(page, 'day-on-the-phone-check-in', 375, scheme, { fullPage: false });
    }
    await page.emulateMedia({ colorScheme: null });

    // One tap: the to-do is done.
    await page.getByRole('button', { name: 'Complete actionable Water the plants' }).click();
    await toast('points').waitFor();
    await page.getByTestId(`today-done-${todo.id}`).waitFor();
    await expectApart(toast('points'), page.getByTestId(`today-${todo.id}`));

    // One tap: the habit is done today; Undo in its toast takes it back; one more tap does it again.
    await row.getByRole('button', { name: 'Complete habit Stretch' }).click();
    const done = toast('“Stretch” completed');
    await done.waitFor();
    await expectApart(done, row);
    await done.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('toast-info').filter({ hasText: 'Took back “Stretch”' }).waitFor();
    await row.getByRole('button', { name: 'Complete habit Stretch' }).waitFor();
    await row.getByRole('button', { name: 'Complete habit Stretch' }).click();
    await page.getByTestId(`today-done-${habit.id}`).waitFor();

    // Yesterday, still open beside today's done: one tap records it, and it is offered no more.
    await yesterdayButton.click();
    await toast('(half: recorded afterwards)').waitFor();
    await yesterdayButton.waitFor({ state: 'detached' });
    const { history } = await api<{ history: Array<{ date: string; state: string }> }>(
      'GET',
      `/actionables/habits/${habit.id}/history?startDate=${yesterday}&endDate=${today}`,
    );
    expect(history).toEqual([
      { date: yesterday, state: 'backfilled' },
      { date: today, state: 'done' },
    ]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const problems = await seriousViolations(page, '[data-testid="today"]');
      expect(problems, describeViolations(`today's check-in list, all done, ${scheme}`, problems)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });

    // A to-do in one line, from the header.
    await page.getByRole('button', { name: 'Quick add' }).click();
    const quickAdd = page.getByRole('dialog', { name: 'Quick add' });
    await quickAdd.waitFor();
    await page.keyboard.type('Call mum tomorrow 17:00');
    await page.keyboard.press('Enter');
    await quickAdd.waitFor({ state: 'detached' });
    await toast('Added “Call mum”').waitFor();

    // The server holds each once: one to-do done, one new, the habit done today and yesterday.
    const { actionables } = await api<{ actionables: Item[] }>('GET', '/actionables');
    expect(actionables.filter((item) => item.title === 'Call mum')).toHaveLength(1);
    expect(actionables.find((item) => item.id === todo.id)?.status).toBe('completed');
    const { stats } = await api<{ stats: { total: number } }>('GET', '/points/stats');
    expect(stats.total).toBeGreaterThan(0);
  }, 120_000);
});
