import type { Reminder, RemindersTodayResponse } from '@tracker/contracts/reminders/http';
import { readStoredToken } from '../auth/token-storage.ts';

/** How often today's reminders are asked for again (items change on other devices too). */
const REFRESH_MS = 5 * 60_000;
/** A reminder whose time passed this little ago (the page was opening) still shows. */
const LATE_MS = 60_000;
const SHOWN_KEY = 'reminders-shown';

/** Where a reminder takes the user (services/api/src/reminders/reminder-links.ts says the same for mail). */
const pathOf = (reminder: Reminder): string => (reminder.isHabit ? `/habits/${reminder.id}` : '/actionables');

const fetchToday = async (): Promise<RemindersTodayResponse | undefined> => {
  const token = readStoredToken();
  if (!token) return undefined;
  try {
    const response = await fetch('/api/reminders/today', { headers: { authorization: `Bearer ${token}` } });
    return response.ok ? ((await response.json()) as RemindersTodayResponse) : undefined;
  } catch {
    return undefined;
  }
};

/** The reminders shown on this device today (so a reload or a second tab does not show one again). */
const shownOn = (date: string): Set<string> => {
  try {
    const stored = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? 'null') as { date?: unknown; ids?: unknown } | null;
    return stored?.date === date && Array.isArray(stored.ids) ? new Set(stored.ids.filter((id): id is string => typeof id === 'string')) : new Set();
  } catch {
    return new Set();
  }
};

const markShown = (date: string, id: string): void => {
  try {
    localStorage.setItem(SHOWN_KEY, JSON.stringify({ date, ids: [...shownOn(date), id] }));
  } catch {
    // Storage full or blocked: a reload may show it again, nothing worse.
  }
};

/** Through the service worker when there is one (it also works when installed), else a page notification. */
const show = async (reminder: Reminder, date: string): Promise<void> => {
  const title = reminder.title;
  const options: NotificationOptions = {
    body: `${reminder.isHabit ? 'Habit' : 'To-do'} due today · reminder at ${reminder.time}`,
    tag: `reminder:${reminder.id}:${date}`,
    icon: '/icons/icon-192.png',
    data: { path: pathOf(reminder) },
  };
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration?.active) {
    try {
      await registration.showNotification(title, options);
      return;
    } catch {
      // Fall through to a page notification.
    }
  }
  const notification = new Notification(title, options);
  notification.onclick = () => {
    window.focus();
    window.location.assign(pathOf(reminder));
  };
};

/**
 * Schedules today's reminders as notifications at their instants (the server computes them in the
 * user's zone, DST included) and asks again every five minutes, when the page is shown again and
 * when today ends. At its time a reminder is asked for once more, so one completed or deleted
 * meanwhile (on any device) does not show; without an answer (offline) it shows as scheduled.
 * Returns the stop.
 */
export const scheduleReminders = (): (() => void) => {
  let timers: number[] = [];
  let stopped = false;
  const clear = () => {
    timers.forEach((timer) => window.clearTimeout(timer));
    timers = [];
  };

  const fire = async (reminder: Reminder, date: string) => {
    if (stopped || shownOn(date).has(reminder.id)) return;
    const fresh = await fetchToday();
    if (fresh && !fresh.reminders.some((r) => r.id === reminder.id && r.at === reminder.at)) return;
    if (stopped || shownOn(date).has(reminder.id)) return;
    markShown(date, reminder.id);
    await show(reminder, date).catch((error: unknown) => console.warn('Reminder not shown', error));
  };

  const refresh = async () => {
    const today = await fetchToday();
    if (stopped || !today) return;
    clear();
    const now = Date.now();
    const shown = shownOn(today.date);
    for (const reminder of today.reminders) {
      const wait = Date.parse(reminder.at) - now;
      if (shown.has(reminder.id) || wait < -LATE_MS) continue;
      timers.push(window.setTimeout(() => void fire(reminder, today.date), Math.max(0, wait)));
    }
    // A new day has new reminders.
    timers.push(window.setTimeout(() => void refresh(), Math.max(1_000, Date.parse(today.endsAt) - now + 1_000)));
  };

  const visible = () => {
    if (document.visibilityState === 'visible') void refresh();
  };
  const interval = window.setInterval(() => void refresh(), REFRESH_MS);
  document.addEventListener('visibilitychange', visible);
  void refresh();
  return () => {
    stopped = true;
    clear();
    window.clearInterval(interval);
    document.removeEventListener('visibilitychange', visible);
  };
};
