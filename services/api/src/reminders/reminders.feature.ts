import { defineFeature, type AppServices } from '../feature.ts';
import { startReminderMailer } from './reminder-mailer.ts';
import { remindersRoutes } from './reminders.routes.ts';

/**
 * Reminders (issue 19): an item's reminder time fires on the user's day in the user's zone — as a
 * notification in the web app (which reads GET /reminders/today) and, for those who turn on "Email me
 * reminders", as one mail per item and day, sent by a worker from an outbox in the operational schema.
 */
export const remindersFeature = defineFeature<AppServices>({
  name: 'reminders',
  tags: { reminders: "Today's reminders, as notifications in the app and by mail for those who ask" },
  services: (app) => app,
  routes: remindersRoutes,
  workers: ({ db, ops, mailer, log, config, clock }) => [
    startReminderMailer({ db, ops, mailer, log: log.child({ component: 'reminders' }), appUrl: config.appUrl, pollMs: config.reminders.pollMs, now: clock }),
  ],
});
