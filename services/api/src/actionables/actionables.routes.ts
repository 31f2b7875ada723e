import { z } from 'zod';
import {
  actionableMessages,
  actionableResponse,
  actionableStatsResponse,
  actionablesResponse,
  completeActionableResponse,
  completeHabitResponse,
  createActionableBody,
  createHabitBody,
  exportResponse,
  habitResponse,
  habitsQuery,
  habitsResponse,
  heatmapResponse,
  idParams,
  IMPORT_ALREADY_PRESENT,
  importActionablesBody,
  importResponse,
  type ImportSkipped,
  listActionablesQuery,
  rangeQuery,
  updateActionableBody,
  updateActionableResponse,
  type Actionable,
  type UpdateActionableBody,
} from '@tracker/contracts/actionables/http';
import { calendarDate } from '@tracker/contracts/common/fields';
import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import type { EditableFields, EveryEditableField } from '@tracker/domain/actionables/actionable.decider';
import { BusinessRuleViolated, NotFound } from '@tracker/domain/common/errors';
import {
  actionableHeatmap,
  actionableStats,
  actionablesInRangePage,
  countActionables,
  findActionable,
  ownActionableIds,
  listActionablesPage,
} from '@tracker/projections/actionables/actionables.queries';
import { actionableAnswer } from '@tracker/projections/actionables/actionable-answer';
import { habitFactsOfState } from '@tracker/projections/actionables/habit-today';
import type { ReadModelDb } from '@tracker/projections/db';
import type { LocalDate } from '@tracker/domain/time/local-date';
import type { AnyRoute, ApiContext } from '../http/api-router.ts';
import { commandContext, signedInContext } from '../http/command-context.ts';
import { requestClock } from '../http/request-clock.ts';
import { allowLargerBody, ONE_MEGABYTE } from '../http/json-body.ts';
import { nextCursorOf, PAGED, pageRequestOf } from '../http/paging.ts';
import type { ActionableOutcome } from './actionable-commands.ts';
import type { ActionablesServices } from './actionables.feature.ts';
import { itemAnswer } from './habit-answer.ts';

import { route, SETTLES } from './actionables-route.ts';
import { awardReceiptOf, movedPointsOf } from '../points/receipts.ts';

/** The caller's zone: reads show a habit's streak as of today there. */
const zoneOf = (ctx: ApiContext): string => ctx.state.timezone ?? DEFAULT_TIMEZONE;

const fieldsOf = (body: Omit<UpdateActionableBody, 'title'> & { title?: string | null | undefined }): EveryEditableField => ({
  title: body.title,
  description: body.description,
  weight: body.weight,
  deadline: body.deadline,
  isHabit: body.isHabit,
  active: body.active,
  reminderTime: body.reminderTime,
  pointsToBeAwarded: body.pointsToBeAwarded,
  recurrence: body.recurrence,
  goalId: body.goalId,
  taskId: body.taskId,
  subtaskId: body.subtaskId,
});
const linksOf = (body: EditableFields) => ({ goalId: body.goalId, taskId: body.taskId, subtaskId: body.subtaskId });

/** The answer to an actionable command: the read model's once settled, else the item as the command left it (a habit with the freezes it counted with). */
const answerOf = (db: ReadModelDb, outcome: ActionableOutcome, settled: boolean, today: LocalDate, missing: string): Promise<Actionable> =>
  itemAnswer(db, outcome.item, settled, today, missing, () => Promise.resolve(outcome.freezes));

const findOwn = async (db: ReadModelDb, userId: string, id: string, today: LocalDate): Promise<Actionable> => {
  const item = await findActionable(db, userId, id, today);
  if (!item) throw new NotFound(actionableMessages.notFound);
  return item;
};

/** A range query's local dates in its zone (the caller's unless told). */
const rangeOf = (ctx: ApiContext, query: { startDate: string; endDate: string; timezone?: string | undefined }) => ({
  startDate: query.startDate,
  endDate: query.endDate,
  timezone: query.timezone ?? zoneOf(ctx),
});

const heatmapQuery = z
  .object({ startDate: calendarDate.optional(), endDate: calendarDate.optional() })
  .refine((query) => !query.startDate || !query.endDate || query.endDate >= query.startDate, { message: 'must not be before startDate', path: ['endDate'] });

const IMPORT_PATH = '/actionables/import';
/** An import may be up to 5 MB (1,000 items with long descriptions); every other body stays at 1 MB. */
allowLargerBody('POST', `/api${IMPORT_PATH}`, 5 * ONE_MEGABYTE);

/** Creating an actionable (or a habit: isHabit forced). */
const create = <Response>(path: string, habit: boolean, response: z.ZodType<Response>, wrap: (item: Actionable) => Response): AnyRoute<ActionablesServices> =>
  route({
    name: habit ? 'createHabit' : 'createActionable',
    method: 'post',
    path,
    summary: habit ? 'Create a habit' : 'Create an actionable',
    auth: true,
    // The goal, task or subtask it links to is not the caller's (or gone).
    errors: [404],
    body: habit ? createHabitBody : createActionableBody,
    response,
    status: 201,
    settles: SETTLES,
    handle: async ({ ctx, body, services: { actionables, db }, settle }) => {
      const c = signedInContext(ctx);
      const { clock } = c;
      const id = actionables.newId(c);
      const fields = { ...fieldsOf(body), ...(habit ? { isHabit: true } : {}) };
      const outcome = await actionables.run(
        id,
        { type: 'CreateActionable', id, userId: c.userId, fields, status: body.status, startDate: body.startDate, clock },
        c,
        linksOf(fields),
      );
      return wrap(await answerOf(db, outcome, await settle(outcome.position), clock.localDate, actionableMessages.notFound));
    },
  });

/** spec.md §7's 14 actionable and habit routes; fixed paths before `/:id`. */
export const actionableRoutes: AnyRoute<ActionablesServices>[] = [
  route({
    name: 'listActionables',
    method: 'get',
    path: '/actionables',
    summary: `Actionables, newest first: due on a local date, by status, habits or not; ${PAGED}`,
    auth: true,
    cachedPerUser: true,
    query: listActionablesQuery,
    response: actionablesResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const filter = {
        statuses: query.status,
        isHabit: query.isHabit,
        due: query.date ? { date: query.date, timezone: query.timezone ?? zoneOf(ctx) } : undefined,
      };
      const page = await listActionablesPage(db, ctx.state.userId, requestClock(ctx).localDate, filter, pageRequestOf(query));
      return { actionables: page.items, nextCursor: nextCursorOf(page.next) };
    },
  }),
  create('/actionables', false, actionableResponse, (actionable) => ({ actionable })),
  route({
    name: 'listHabits',
    method: 'get',
    path: '/actionables/habits',
    summary: `Habits, newest first, each with its streak as of today; ${PAGED}`,
    auth: true,
    cachedPerUser: true,
    query: habitsQuery,
    response: habitsResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const page = await listActionablesPage(db, ctx.state.userId, requestClock(ctx).localDate, { isHabit: true }, pageRequestOf(query));
      return { habits: page.items, nextCursor: nextCursorOf(page.next) };
    },
  }),
  create('/actionables/habits', true, habitResponse, (habit) => ({ habit })),
  route({
    name: 'completeHabit',
    method: 'patch',
    path: '/actionables/habits/:id/complete',
    summary: 'Complete a habit for its current occurrence, extending its streak',
    auth: true,
    params: idParams,
    response: completeHabitResponse,
    settles: SETTLES,
    handle: async ({ ctx, params, services: { actionables, db }, settle }) => {
      const c = signedInContext(ctx);
      const { clock } = c;
      const outcome = await actionables.run(params.id, { type: 'CompleteHabit', userId: c.userId, clock }, c);
      const habit = await answerOf(db, outcome, await settle(outcome.position), clock.localDate, actionableMessages.habitNotFound);
      return { habit, pointsAwarded: outcome.pointsAwarded, streak: habit.streak, receipt: awardReceiptOf(outcome.events) };
    },
  }),
  route({
    name: 'getActionableStats',
    method: 'get',
    path: '/actionables/stats',
    summary: 'Counts by status, completion rate, points, active habits and the longest standing streak',
    auth: true,
    cachedPerUser: true,
    response: actionableStatsResponse,
    handle: async ({ ctx, services: { db } }) => ({ stats: await actionableStats(db, ctx.state.userId, requestClock(ctx).localDate) }),
  }),
  route({
    name: 'getActionableHeatmap',
    method: 'get',
    path: '/actionables/heatmap',
    summary: 'Completions and their points per local day',
    auth: true,
    cachedPerUser: true,
    query: heatmapQuery,
    response: heatmapResponse,
    handle: async ({ ctx, query, services: { db } }) => ({ heatmap: await actionableHeatmap(db, ctx.state.userId, query) }),
  }),
  route({
    name: 'listActionablesInRange',
    method: 'get',
    path: '/actionables/range',
    summary: `Actionables created, due or completed between two local dates, newest first; ${PAGED}`,
    auth: true,
    cachedPerUser: true,
    query: rangeQuery,
    response: actionablesResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const page = await actionablesInRangePage(db, ctx.state.userId, requestClock(ctx).localDate, rangeOf(ctx, query), pageRequestOf(query));
      return { actionables: page.items, nextCursor: nextCursorOf(page.next) };
    },
  }),
  route({
    name: 'exportActionables',
    method: 'get',
    path: '/actionables/export',
    summary: `A JSON download of the actionables created, due or completed between two local dates, newest first; ${PAGED} (a complete export joins every page's actionables)`,
    auth: true,
    query: rangeQuery,
    response: exportResponse,
    handle: async ({ ctx, query, services: { db } }) => {
      const page = await actionablesInRangePage(db, ctx.state.userId, requestClock(ctx).localDate, rangeOf(ctx, query), pageRequestOf(query));
      ctx.set('Content-Disposition', `attachment; filename="actionables-${query.startDate}-to-${query.endDate}.json"`);
      return {
        actionables: page.items,
        exportedAt: ctx.state.now.toISOString(),
        startDate: query.startDate,
        endDate: query.endDate,
        nextCursor: nextCursorOf(page.next),
      };
    },
  }),
  route({
    name: 'importActionables',
    method: 'post',
    path: IMPORT_PATH,
    summary:
      'Import actionables (an export, or a bare array): all or nothing, new ids, statuses and completion dates kept, no points; an item already yours (by id) is skipped, not copied',
    auth: true,
    // Beyond the account's ACCOUNT_MAX_ACTIONABLES.
    errors: [422],
    // The whole body is validated here, before anything is appended: one bad item → 400 naming its index and field.
    body: importActionablesBody,
    response: importResponse,
    status: 201,
    settles: SETTLES,
    handle: async ({ ctx, body, services: { actionables, db, config }, settle }) => {
      const c = signedInContext(ctx);
      const today = c.clock.localDate;
      // An item that is already one of the user's (by id: re-importing an export) is skipped, never copied.
      const present = await ownActionableIds(
        db,
        c.userId,
        body.flatMap((item) => (item.id ? [item.id] : [])),
      );
      const skipped: ImportSkipped[] = [];
      const entries = body.flatMap((item, index) => {
        if (item.id && present.has(item.id)) {
          skipped.push({ index, id: item.id, reason: IMPORT_ALREADY_PRESENT });
          return [];
        }
        const history = {
          status: item.status,
          completedAt: item.completedAt,
          lastCompletedAt: item.lastCompletedAt,
          streak: item.streak,
          startDate: item.startDate,
        };
        return [{ fields: fieldsOf(item), history }];
      });
      if (entries.length === 0) return { imported: 0, actionables: [], skipped };
      // A bound on what one account holds, counted from the read models (an import settles before it answers).
      const max = config.accountMaxActionables;
      if ((await countActionables(db, c.userId)) + entries.length > max) throw new BusinessRuleViolated(actionableMessages.accountFull(max), 'actionables');
      const outcome = await actionables.importAll(entries, c);
      // The read models take the import in one step: once there, every item is (the answer is the items as imported).
      if (outcome.position) await settle(outcome.position);
      const imported = outcome.items.map((item) => actionableAnswer(item, today, habitFactsOfState(item, [])));
      return { imported: imported.length, actionables: imported, skipped };
    },
  }),
  route({
    name: 'getActionable',
    method: 'get',
    path: '/actionables/:id',
    summary: 'One actionable',
    auth: true,
    params: idParams,
    response: actionableResponse,
    handle: async ({ ctx, params, services: { db } }) => ({
      actionable: await findOwn(db, ctx.state.userId, params.id, requestClock(ctx).localDate),
    }),
  }),
  route({
    name: 'updateActionable',
    method: 'patch',
    path: '/actionables/:id',
    summary: 'Update an actionable: fields, links, status (points follow completed)',
    auth: true,
    params: idParams,
    body: updateActionableBody,
    response: updateActionableResponse,
    settles: SETTLES,
    handle: async ({ ctx, params, body, services: { actionables, db }, settle }) => {
      const c = signedInContext(ctx);
      const { clock } = c;
      const fields = fieldsOf(body);
      const outcome = await actionables.run(params.id, { type: 'UpdateActionable', userId: c.userId, fields, status: body.status, clock }, c, linksOf(fields));
      return {
        actionable: await answerOf(db, outcome, await settle(outcome.position), clock.localDate, actionableMessages.notFound),
        ...movedPointsOf(outcome.events),
      };
    },
  }),
  route({
    name: 'deleteActionable',
    method: 'delete',
    path: '/actionables/:id',
    summary: 'Delete an actionable (its points stay in the ledger)',
    auth: true,
    params: idParams,
    status: 204,
    settles: SETTLES,
    handle: async ({ ctx, params, services: { actionables }, settle }) => {
      const c = commandContext(ctx);
      await settle((await actionables.run(params.id, { type: 'DeleteActionable', userId: c.userId }, c)).position);
      return undefined;
    },
  }),
  route({
    name: 'completeActionable',
    method: 'patch',
    path: '/actionables/:id/complete',
    summary: 'Complete an actionable, earning its points (a habit completes as a habit)',
    auth: true,
    params: idParams,
    response: completeActionableResponse,
    settles: SETTLES,
    handle: async ({ ctx, params, services: { actionables, db }, settle }) => {
      const c = signedInContext(ctx);
      const { clock } = c;
      const outcome = await actionables.run(params.id, { type: 'CompleteActionable', userId: c.userId, clock }, c);
      return {
        actionable: await answerOf(db, outcome, await settle(outcome.position), clock.localDate, actionableMessages.notFound),
        pointsAwarded: outcome.pointsAwarded,
        receipt: awardReceiptOf(outcome.events),
      };
    },
  }),
];
