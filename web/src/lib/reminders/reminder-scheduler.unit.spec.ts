import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '@tracker/contracts/reminders/http';
import { scheduleReminders } from './reminder-scheduler.ts';

// The scheduler in Node: fake timers for the clock, a stubbed window, storage, fetch and service
// worker registration whose showNotification records what is shown.

const NOW = Date.parse('2026-11-27T23:58:00.000Z'); // 08:58 in Tokyo
const NINE = '2026-11-28T00:00:00.000Z';
const dentist: Reminder = { id: '7d1c2d3e-0000-4000-8000-000000000001', title: 'Call the dentist', isHabit: false, time: '09:00', at: NINE };
const stretch: Reminder = { id: '7d1c2d3e-0000-4000-8000-000000000002', title: 'Stretch', isHabit: true, time: '09:00', at: NINE };

let answer: Reminder[];
let shown: Array<{ title: string; path: unknown }>;
let items: Map<string, string>;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  answer = [dentist, stretch];
  shown = [];
  items = new Map([['token', 'tok']]);
  const localStorage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('window', { localStorage, setTimeout, clearTimeout, setInterval, clearInterval });
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ date: '2026-11-28', endsAt: '2026-11-28T15:00:00.000Z', reminders: answer })));
  const registration = {
    active: {},
    showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, path: (options.data as { path: string }).path }),
  };
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => registration } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the fetches and promises the timers started settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};

describe('scheduleReminders', () => {
  it('shows each reminder at its instant, not a minute before, with the path of its item', async () => {
    const stop = scheduleReminders();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000); // 08:59
    await settle();
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000); // 09:00
    await settle();
    expect(shown).toEqual([
      { title: 'Call the dentist', path: '/actionables' },
      { title: 'Stretch', path: `/habits/${stretch.id}` },
    ]);
    stop();
  });

  it('does not show one the list no longer holds at its time (completed meanwhile)', async () => {
    const stop = scheduleReminders();
    await settle();
    answer = [stretch];
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(shown.map((n) => n.title)).toEqual(['Stretch']);
    stop();
  });

  it('shows a reminder once a day on the device: a reload after it, or a second tab, shows it again never', async () => {
    const first = scheduleReminders();
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    first();
    // Opened again at 09:00:30: within the minute it would still show, but it was shown.
    const again = scheduleReminders();
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(shown).toHaveLength(2);
    again();
  });

  it('leaves a reminder more than a minute past when the app opens, and shows one just past', async () => {
    vi.setSystemTime(Date.parse(NINE) + 90_000);
    answer = [dentist, { ...stretch, at: new Date(Date.parse(NINE) + 45_000).toISOString() }];
    const stop = scheduleReminders();
    await settle();
    expect(shown.map((n) => n.title)).toEqual(['Stretch']);
    stop();
  });
});
