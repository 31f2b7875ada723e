import {
  actionableMessages,
  backfillHabitBody,
  completeHabitResponse,
  HABIT_HISTORY_MAX_DAYS,
  habitHistoryQuery,
  habitHistoryResponse,
  idParams,
  uncompleteHabitResponse,
} from '@tracker/contracts/actionables/http';
import { NotFound, ValidationFailed } from '@tracker/domain/common/errors';
import { addDays, daysBetween } from '@tracker/domain/time/local-date';
import { habitHistory } from '@tracker/projections/actionables/habit-history.queries';
import type { AnyRoute } from '../http/api-router.ts';
import { signedInContext } from '../http/command-context.ts';
import type { ActionablesServices } from './actionables.feature.ts';
import { awardReceiptOf, revocationReceiptOf } from '../points/receipts.ts';
import { itemAnswer } from './habit-answer.ts';

import { route, SETTLES } from './actionables-route.ts';
/** The history's default span: the card's five weeks, ending today. */
const HISTORY_DEFAULT_DAYS = 35;

/** A habit's own routes beyond completing it: taking the last completion back, recording a missed day, its history. */
export const habitRoutes: AnyRoute<ActionablesServices>[] = [
  route({
    name: 'uncompleteHabit',
    method: 'patch',
    path: '/actionables/habits/:id/uncomplete',
    summary: 'Take back the habit’s last completion, within its period or on the day it was recorded: its points revoked, its streak as before',
    auth: true,
    params: idParams,
    response: uncompleteHabitResponse,
    settles: SETTLES,
    handle: async ({ ctx, params, services: { actionables, freezes, db }, settle }) => {
      const c = signedInContext(ctx);
      const outcome = await actionables.run(params.id, { type: 'UncompleteHabit', userId: c.userId, clock: c.clock }, c);
      const undone = outcome.events.find((event) => event.type === 'HabitCompletionUndone');
      const habit = await itemAnswer(db, outcome.item, await settle(outcome.position), c.clock.localDate, actionableMessages.habitNotFound, () =>
        freezes.covering(c.userId, params.id),
      );
      const pointsRevoked = outcome.events.reduce((sum, event) => (event.type === 'PointsRevoked' ? sum + event.data.points : sum), 0);
      if (!undone) throw new NotFound(actionableMessages.habitNotFound);
      return { habit, pointsRevoked, occurrence: undone.data.occurrence, streak: habit.streak, receipt: revocationReceiptOf(outcome.events) };
    },
  }),
  route({
    name: 'backfillHabit',
    method: 'post',
    path: '/actionables/habits/:id/completions',
    summary: 'Record a missed occurrence afterwards (a scheduled day from the habit’s start, 1–7 days back): half points, later streaks recounted',
    auth: true,
    params: idParams,
    body: backfillHabitBody,
    response: completeHabitResponse,
    status: 201,
    settles: SETTLES,
    handle: async ({ ctx, params, body, services: { actionables, db }, settle }) => {
      const c = signedInContext(ctx);
      const outcome = await actionables.run(params.id, { type: 'BackfillHabit', userId: c.userId, date: body.date, clock: c.clock }, c);
      const habit = await itemAnswer(db, outcome.item, await settle(outcome.position), c.clock.localDate, actionableMessages.habitNotFound, () =>
        Promise.resolve(outcome.freezes),
      );
      return { habit, pointsAwarded: outcome.pointsAwarded, streak: habit.streak, receipt: awardReceiptOf(outcome.events) };
    },
  }),
  route({
    name: 'getHabitHistory',
    method: 'get',
    path: '/actionables/habits/:id/history',
    summary: `Each day of a habit from startDate to endDate (the last ${HISTORY_DEFAULT_DAYS} days to today unless told; at most ${HABIT_HISTORY_MAX_DAYS}): done, missed, frozen, backfilled, due or notDue`,
    auth: true,
    params: idParams,
    query: habitHistoryQuery,
    response: habitHistoryResponse,
    handle: async ({ ctx, params, query, services: { db } }) => {
      const today = signedInContext(ctx).clock.localDate;
      const to = query.endDate ?? (query.startDate && query.startDate > today ? addDays(query.startDate, HISTORY_DEFAULT_DAYS - 1) : today);
      const from = query.startDate ?? addDays(to, -(HISTORY_DEFAULT_DAYS - 1));
      if (to < from) throw new ValidationFailed('endDate: must not be before startDate', 'endDate');
      if (daysBetween(from, to) + 1 > HABIT_HISTORY_MAX_DAYS)
        throw new ValidationFailed(`endDate: at most ${HABIT_HISTORY_MAX_DAYS} days from startDate`, 'endDate');
      const history = await habitHistory(db, ctx.state.userId, params.id, { from, to }, today);
      if (!history) throw new NotFound(actionableMessages.habitNotFound);
      return { history };
    },
  }),
];
