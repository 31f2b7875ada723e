import { remindersTodayResponse } from '@tracker/contracts/reminders/http';
import { remindersOfDay } from '@tracker/projections/reminders/reminders.queries';
import type { AppServices } from '../feature.ts';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { requestClock } from '../http/request-clock.ts';

const route = routesFor<AppServices>('reminders');

export const remindersRoutes: AnyRoute<AppServices>[] = [
  route({
    name: 'listRemindersToday',
    method: 'get',
    path: '/reminders/today',
    summary:
      "The reminders of the user's today, earliest first, each with the instant it fires in the user's zone: to-dos due today and not completed, habits due today (scheduled, not done, not frozen). The web app shows them as notifications",
    auth: true,
    response: remindersTodayResponse,
    handle: async ({ ctx, services: { db } }) => {
      const clock = requestClock(ctx);
      const at = new Date(clock.at);
      const day = await remindersOfDay(db, ctx.state.userId, at);
      return { date: day?.calendar.day ?? clock.localDate, endsAt: day?.calendar.endsAt ?? clock.dayEndsAt, reminders: day?.reminders ?? [] };
    },
  }),
];
