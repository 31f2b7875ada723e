import { useEffect, useState } from 'react';
import { NOTIFICATIONS_ENABLED_EVENT, notificationAccess } from './notification-permission.ts';

/**
 * While a user is signed in and this browser lets the app notify, today's reminders are scheduled as
 * notifications (reminder-scheduler.ts, loaded only then: nothing of it is on the first screen).
 * Permission is asked only on the settings screen, after a click, never here.
 */
export const useReminderNotifications = (userId: string | undefined): void => {
  const [enabled, setEnabled] = useState(0);
  useEffect(() => {
    const started = () => setEnabled((count) => count + 1);
    window.addEventListener(NOTIFICATIONS_ENABLED_EVENT, started);
    return () => window.removeEventListener(NOTIFICATIONS_ENABLED_EVENT, started);
  }, []);
  useEffect(() => {
    if (!userId || notificationAccess() !== 'granted') return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./reminder-scheduler.ts').then(({ scheduleReminders }) => {
      if (!left) stop = scheduleReminders();
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [userId, enabled]);
};
