import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, useSignedInBrowser } from './support/browser.ts';
import { useCuttableConnection } from './support/connection-relay.ts';
import { screenshot, type Theme } from './support/screenshots.ts';

// Issue 19, "undo everywhere", offline: on a phone without a connection, a habit is completed by a
// misclick. Each change waiting on the device can be taken back before it is sent, where the person
// looks for it: the "Waiting for the connection" toast's Undo, the banner's "Don't send", the row's
// Undo beside "Waiting to be sent". What was taken back is gone from the device (a reload shows
// nothing of it) and never reaches the server; what was not is sent once.

const DAY_MS = 86_400_000;

/** What these tests read of a to-do or habit on the server. */
type Item = Record<'id' | 'title' | 'status', string> & { streak: number; pointsAwarded: number | null };

describe.skipIf(!chromiumAvailable)('offline: a waiting change can be taken back before it is sent', () => {
  const run = useSignedInBrowser('Offline Otto', { device: { timezoneId: 'UTC', locale: 'en-US', viewport: { width: 375, height: 812 } }, timezone: 'UTC' });
  // The browser reaches the app through a relay the tests cut: offline is the network gone, not only the browser saying so.
  const connection = useCuttableConnection(run);
  let meditate: Item;
  let read: Item;
  let rent: Item;
  let plants: Item;

  beforeAll(async () => {
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    // Overdue since yesterday, so they are on Today whatever the hour.
    rent = (await api<{ actionable: Item }>('POST', '/actionables', { title: 'Pay rent', deadline: `${yesterday}T12:00:00.000Z` })).actionable;
    plants = (await api<{ actionable: Item }>('POST', '/actionables', { title: 'Water plants', deadline: `${yesterday}T12:00:00.000Z` })).actionable;
    meditate = (await api<{ habit: Item }>('POST', '/actionables/habits', { title: 'Meditate' })).habit;
    read = (await api<{ habit: Item }>('POST', '/actionables/habits', { title: 'Read' })).habit;
  });

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await run.app.json<T>(method, `/api${path}`, { token: run.token, body });
    expect(answer.status, `${method} ${path}`).toBeLessThan(300);
    return answer.body;
  }
  const habit = async (id: string) => (await api<{ habits: Item[] }>('GET', '/actionables/habits')).habits.find((one) => one.id === id);
  const pointsTotal = async () => (await api<{ stats: { total: number } }>('GET', '/points/stats')).stats.total;
  const queueList = () => run.page.getByRole('list', { name: 'Waiting to be sent' });
  const waiting = (text: string) => run.page.getByTestId('offline-queue-count').filter({ hasText: text }).waitFor();
  const complete = (kind: 'habit' | 'actionable', title: string) => run.page.getByRole('button', { name: `Complete ${kind} ${title}`, exact: true });
  const focusedName = () => run.page.evaluate('document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent');
  const stored = () => run.page.evaluate(`localStorage.getItem('outbox') ?? ''`) as Promise<string>;
  const photograph = async (screen: string, theme: Theme) => {
    await run.page.emulateMedia({ colorScheme: theme });
    // The banner with its buttons, and the rows beside it.
    const problems = await seriousViolations(run.page, '#main-content');
    expect(problems, describeViolations(`${screen}, ${theme}`, problems)).toEqual([]);
    for (const width of [375, 1280]) {
      await run.page.setViewportSize({ width, height: 900 });
      await expect.poll(() => run.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await screenshot(run.page, screen, width, theme);
    }
    await run.page.setViewportSize({ width: 375, height: 812 });
  };

  it('takes a habit back from the toast, a to-do from the banner and one from its row; a reload shows none of them; back online only the third change is sent, once', async () => {
    await run.page.goto(`${connection.site()}/dashboard`);
    await complete('habit', 'Meditate').waitFor();
    // The worker has the shell; from this load on it controls the page (the reload offline comes from it).
    await run.page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    await run.page.reload();
    await complete('habit', 'Meditate').waitFor();
    expect(await run.page.evaluate('Boolean(navigator.serviceWorker.controller)')).toBe(true);

    await connection.goOffline();
    await run.page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor();

    // The misclick: the toast says it waits, and offers Undo.
    await complete('habit', 'Meditate').click();
    await waiting('1 change waiting to be sent');
    await run.page.getByTestId(`today-waiting-${meditate.id}`).waitFor();
    const toast = run.page.getByTestId('toast-info').filter({ hasText: 'Waiting for the connection' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await run.page.getByTestId('offline-queue-count').waitFor({ state: 'detached' });
    // The row offers Complete again, and the focus is on it.
    await complete('habit', 'Meditate').waitFor();
    expect(await focusedName()).toBe('Complete habit Meditate');
    expect(await stored()).not.toContain('Meditate');

    // Two to-dos and a habit wait; one to-do is taken back from the banner, one from its row.
    await complete('actionable', 'Pay rent').click();
    await waiting('1 change waiting to be sent');
    await complete('actionable', 'Water plants').click();
    await waiting('2 changes waiting to be sent');
    await complete('habit', 'Read').click();
    await waiting('3 changes waiting to be sent');
    expect(await queueList().getByRole('listitem').allTextContents()).toEqual([
      "Complete “Pay rent”Don't send",
      "Complete “Water plants”Don't send",
      "Complete habit “Read”Don't send",
    ]);
    // The toasts go by themselves (not what the screenshots are about).
    await expect.poll(() => run.page.locator('[data-testid^="toast-"]').count(), { timeout: 20_000 }).toBe(0);
    await photograph('offline-take-back', 'light');
    await photograph('offline-take-back', 'dark');
    await run.page.emulateMedia({ colorScheme: 'light' });

    await queueList().getByRole('button', { name: "Don't send Complete “Pay rent”" }).click();
    await waiting('2 changes waiting to be sent');
    await complete('actionable', 'Pay rent').waitFor();
    expect(await focusedName()).toBe('Complete actionable Pay rent');

    await run.page.getByTestId(`today-${plants.id}`).getByRole('button', { name: 'Undo Complete “Water plants”' }).click();
    await waiting('1 change waiting to be sent');
    await complete('actionable', 'Water plants').waitFor();
    expect(await focusedName()).toBe('Complete actionable Water plants');
    expect(await queueList().getByRole('listitem').allTextContents()).toEqual(["Complete habit “Read”Don't send"]);

    // A to-do made offline by quick add is on Today's list at once, waiting; its row's Undo takes the create back.
    await run.page.getByRole('button', { name: 'Quick add' }).click();
    const quickAdd = run.page.getByRole('dialog', { name: 'Quick add' });
    await quickAdd.getByLabel('What to add').fill('Buy milk today');
    await quickAdd.getByRole('button', { name: 'Add' }).click();
    await waiting('2 changes waiting to be sent');
    const milk = run.page.getByTestId('today-waiting-create').filter({ hasText: 'Buy milk' });
    await milk.filter({ hasText: 'Waiting to be sent' }).waitFor();
    await milk.getByRole('button', { name: 'Undo Create to-do “Buy milk”' }).click();
    await waiting('1 change waiting to be sent');
    await milk.waitFor({ state: 'detached' });
    expect(await stored()).not.toContain('Buy milk');

    // Reloaded while still offline: the device kept only what was not taken back.
    const reloaded = await run.page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await waiting('1 change waiting to be sent');
    expect(await queueList().getByRole('listitem').allTextContents()).toEqual(["Complete habit “Read”Don't send"]);
    await run.page.getByTestId(`today-waiting-${read.id}`).waitFor();
    for (const [kind, title] of [
      ['habit', 'Meditate'],
      ['actionable', 'Pay rent'],
      ['actionable', 'Water plants'],
    ] as const)
      await complete(kind, title).waitFor();
    const kept = await stored();
    for (const title of ['Meditate', 'Pay rent', 'Water plants']) expect(kept).not.toContain(title);
    expect(await pointsTotal(), `tried while cut: ${JSON.stringify(connection.triedWhileCut())}`).toBe(0);

    await connection.goOnline();
    await run.page.getByTestId('offline-queue-count').waitFor({ state: 'detached' });
    // The server has the habit not taken back, once; nothing of the three taken back.
    await expect.poll(async () => (await habit(read.id))?.streak, { timeout: 15_000 }).toBe(1);
    expect(await habit(read.id)).toMatchObject({ streak: 1, pointsAwarded: 10 });
    const todos = (await api<{ actionables: Item[] }>('GET', '/actionables')).actionables;
    expect(todos.filter((todo) => todo.title === 'Buy milk')).toEqual([]);
    expect(await habit(meditate.id)).toMatchObject({ streak: 0 });
    expect((await habit(meditate.id))?.pointsAwarded ?? 0).toBe(0);
    for (const todo of [rent, plants]) {
      const now = (await api<{ actionable: Item }>('GET', `/actionables/${todo.id}`)).actionable;
      expect(now.status, todo.title).toBe('pending');
      expect(now.pointsAwarded ?? 0, todo.title).toBe(0);
    }
    expect(await pointsTotal()).toBe(10);
    expect(await run.page.evaluate(`localStorage.getItem('outbox')`)).toBeNull();
    expect(await run.page.getByRole('alert').count()).toBe(0);
  }, 180_000);

  it('takes back a completion the server already has while offline: it waits, is offered once, and reaches the server once back online', async () => {
    // 'Read' was completed and sent above: done today on the server, 10 points.
    await run.page.goto(`${connection.site()}/dashboard`);
    const undo = run.page.getByRole('button', { name: 'Undo the last completion of habit Read' });
    await undo.waitFor();
    await connection.goOffline();
    await run.page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor();

    await undo.click();
    await waiting('1 change waiting to be sent');
    await run.page.getByTestId('toast-info').filter({ hasText: 'Waiting for the connection' }).waitFor();
    expect(await queueList().getByRole('listitem').allTextContents()).toEqual(["Take back habit “Read”Don't send"]);
    // The row says it waits; no second Undo to press meanwhile.
    await run.page.getByTestId(`today-waiting-${read.id}`).waitFor();
    expect(await undo.count()).toBe(0);
    expect(await pointsTotal()).toBe(10);

    await connection.goOnline();
    await run.page.getByTestId('offline-queue-count').waitFor({ state: 'detached' });
    await expect.poll(async () => (await habit(read.id))?.streak, { timeout: 15_000 }).toBe(0);
    expect((await habit(read.id))?.pointsAwarded ?? 0).toBe(0);
    expect(await pointsTotal()).toBe(0);
    // Complete is offered again, once the reads are asked again.
    await complete('habit', 'Read').waitFor();
    expect(await run.page.getByRole('alert').count()).toBe(0);
  }, 120_000);
});
