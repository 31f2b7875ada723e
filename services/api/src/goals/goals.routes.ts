import {
  completeSubtaskResponse,
  createGoalBody,
  createSubtaskBody,
  createTaskBody,
  idParams,
  listQuery,
  pageQuery,
  priorityParams,
  progressResponse,
  statsResponse,
  statusParams,
  updateGoalBody,
  updateSubtaskBody,
  updateTaskBody,
  workItemStatuses,
  type UpdateGoalBody,
} from '@tracker/contracts/goals/http';
import type { z } from 'zod';
import { goalProgress, workItemStats, type ListFilter } from '@tracker/projections/goals/work-items.queries';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { PAGED } from '../http/paging.ts';
import { commandContext } from '../http/command-context.ts';
import { awardReceiptOf, movedPointsOf } from '../points/receipts.ts';
import { GOALS_CASCADE } from './goals-cascade.reactor.ts';
import type { GoalsServices } from './goals.feature.ts';
import type { Kind, WorkItemCommands } from './work-item-commands.ts';
import type { WorkItemCommandOf } from '@tracker/domain/goals/work-item-deciders';
import { answerOf, findOwn, goals, listPage, subtasks, tasks, type WorkItemAnswers } from './work-item-answers.ts';

const route = routesFor<GoalsServices>();
// Builders take any kind's reader; each answer is still checked against that reader's schemas.
type Reader = WorkItemAnswers<unknown, unknown, unknown>;
/** Every priority a path accepts (priorityParam: 1 to 5), for the document's one path per value. */
const PRIORITIES = ['1', '2', '3', '4', '5'];

const fieldsOf = (body: UpdateGoalBody) => ({
  title: body.title,
  description: body.description,
  priority: body.priority,
  dueDate: body.dueDate,
  startDate: body.startDate,
  endDate: body.endDate,
});

const stats = (kind: 'goal' | 'task', reader: Reader): AnyRoute<GoalsServices> =>
  route({
    name: `get${reader.label}Stats`,
    method: 'get',
    path: `/goals/${reader.tag}/stats`,
    summary: `${reader.label} counts by status and priority`,
    tag: reader.tag,
    auth: true,
    cachedPerUser: true,
    response: statsResponse,
    handle: async ({ ctx, services }) => ({ stats: await workItemStats(services.db, kind, ctx.state.userId) }),
  });

const one = (reader: Reader): AnyRoute<GoalsServices> =>
  route({
    name: `get${reader.label}`,
    method: 'get',
    path: `/goals/${reader.tag}/:id`,
    summary: `One ${reader.label.toLowerCase()}`,
    tag: reader.tag,
    auth: true,
    cachedPerUser: true,
    params: idParams,
    response: reader.one.schema,
    handle: async ({ ctx, params, services }) => reader.one.wrap(await findOwn(reader, services.db, ctx.state.userId, params.id)),
  });

/** Every item of a kind (newest first), filtered by the query, a page at a time. */
const all = (reader: Reader, path: string): AnyRoute<GoalsServices> =>
  route({
    name: `list${reader.label}s`,
    method: 'get',
    path,
    summary: `Every ${reader.label.toLowerCase()}, newest first; ${PAGED}`,
    tag: reader.tag,
    auth: true,
    cachedPerUser: true,
    query: listQuery,
    response: reader.many.schema,
    handle: async ({ ctx, query, services }) => listPage(reader, services.db, ctx.state.userId, { status: query.status, priority: query.priority }, query),
  });

/** Items of a kind with one status, or one priority (newest first, a page at a time). */
const byField = (reader: Reader, field: 'status' | 'priority'): AnyRoute<GoalsServices> => {
  const params: z.ZodType<ListFilter> = field === 'status' ? statusParams : priorityParams;
  return route({
    name: `list${reader.label}sBy${field === 'status' ? 'Status' : 'Priority'}`,
    method: 'get',
    path: `/goals/${reader.tag}/${field}/:${field}`,
    // `/goals/tasks/status/{status}` would be ambiguous with `/goals/tasks/{id}/subtasks`: one path per value.
    pathValues: { [field]: field === 'status' ? workItemStatuses : PRIORITIES },
    summary: `${reader.label}s with a ${field}, newest first; ${PAGED}`,
    tag: reader.tag,
    auth: true,
    cachedPerUser: true,
    params,
    query: pageQuery,
    response: reader.many.schema,
    handle: async ({ ctx, params: filter, query, services }) => listPage(reader, services.db, ctx.state.userId, filter, query),
  });
};

/** A parent's children (newest first, a page at a time): 404 for a parent that is not the caller's. */
const children = (parent: Reader, child: Reader, link: 'goalId' | 'taskId'): AnyRoute<GoalsServices> =>
  route({
    name: `list${parent.label}${child.label}s`,
    method: 'get',
    path: `/goals/${parent.tag}/:id/${child.tag}`,
    summary: `A ${parent.label.toLowerCase()}'s ${child.tag}, newest first; ${PAGED}`,
    tag: parent.tag,
    auth: true,
    cachedPerUser: true,
    params: idParams,
    query: listQuery,
    response: child.many.schema,
    handle: async ({ ctx, params, query, services: { db } }) => {
      await findOwn(parent, db, ctx.state.userId, params.id);
      return listPage(child, db, ctx.state.userId, { status: query.status, priority: query.priority, [link]: params.id }, query);
    },
  });

/** Creating an item: `command` checks the parents it names and says what to create. */
const create = <K extends Kind, Body extends UpdateGoalBody & { title: string }>(
  kind: K,
  reader: Reader,
  summary: string,
  body: z.ZodType<Body>,
  command: (id: string, userId: string, body: Body, items: WorkItemCommands) => Promise<WorkItemCommandOf<K>>,
): AnyRoute<GoalsServices> =>
  route({
    name: `create${reader.label}`,
    method: 'post',
    path: `/goals/${reader.tag}`,
    summary,
    tag: reader.tag,
    auth: true,
    // A task's goal, a subtask's task: not the caller's (or gone).
    ...(kind === 'goal' ? {} : { errors: [404] as const }),
    body,
    response: reader.changed,
    status: 201,
    settles: reader.reads,
    handle: async ({ ctx, body: input, services: { items, db }, settle }) => {
      const c = commandContext(ctx);
      const id = items.newId(kind, c);
      const outcome = await items.run(kind, id, await command(id, c.userId, input, items), c, { created: true });
      return { ...(reader.one.wrap(await answerOf(reader, db, outcome, await settle(outcome.position), c.now)) as object), ...movedPointsOf(outcome.events) };
    },
  });

/** Updating an item: `command` checks what the body names (e.g. a move's target) and says what to change. */
const update = <K extends Kind, Body extends UpdateGoalBody>(
  kind: K,
  reader: Reader,
  summary: string,
  body: z.ZodType<Body>,
  settles: string[],
  command: (id: string, userId: string, body: Body, items: WorkItemCommands) => Promise<WorkItemCommandOf<K>>,
): AnyRoute<GoalsServices> =>
  route({
    name: `update${reader.label}`,
    method: 'patch',
    path: `/goals/${reader.tag}/:id`,
    summary,
    tag: reader.tag,
    auth: true,
    params: idParams,
    body,
    response: reader.changed,
    settles,
    handle: async ({ ctx, params, body: input, services: { items, db }, settle }) => {
      const c = commandContext(ctx);
      const outcome = await items.run(kind, params.id, await command(params.id, c.userId, input, items), c, { parentsLive: true });
      return { ...(reader.one.wrap(await answerOf(reader, db, outcome, await settle(outcome.position), c.now)) as object), ...movedPointsOf(outcome.events) };
    },
  });

/** Deleting an item answers once its children's deletions (a reactor on the log) are done too. */
const remove = (kind: Kind, reader: Reader, summary: string, settles: string[]): AnyRoute<GoalsServices> =>
  route({
    name: `delete${reader.label}`,
    method: 'delete',
    path: `/goals/${reader.tag}/:id`,
    summary,
    tag: reader.tag,
    auth: true,
    params: idParams,
    status: 204,
    settles,
    handle: async ({ ctx, params, services: { items }, settle }) => {
      const c = commandContext(ctx);
      await settle((await items.run(kind, params.id, items.deleteCommand(kind, c.userId), c, { parentsLive: true })).position);
      return undefined;
    },
  });

/** The 25 routes of goals, tasks and subtasks (spec.md §7). Reads come from read models only. */
export const goalRoutes: AnyRoute<GoalsServices>[] = [
  // Fixed paths before `/:id`: `/goals/goals/stats` must not be read as an id.
  stats('goal', goals),
  route({
    name: 'getGoalProgress',
    method: 'get',
    path: '/goals/progress',
    summary: 'Progress of every goal',
    tag: 'goals',
    auth: true,
    response: progressResponse,
    handle: async ({ ctx, services }) => ({ progress: await goalProgress(services.db, ctx.state.userId) }),
  }),
  all(goals, '/goals/goals'),
  one(goals),
  children(goals, tasks, 'goalId'),
  create('goal', goals, 'Create a goal', createGoalBody, (id, userId, body) =>
    Promise.resolve({ type: 'CreateGoal', id, userId, fields: { ...fieldsOf(body), title: body.title }, status: body.status } as const),
  ),
  update('goal', goals, 'Update a goal', updateGoalBody, goals.reads, (id, userId, body) =>
    Promise.resolve({ type: 'UpdateGoal', userId, fields: fieldsOf(body), status: body.status } as const),
  ),
  remove('goal', goals, 'Delete a goal with its tasks and subtasks', ['goals', 'tasks', 'subtasks', GOALS_CASCADE]),

  stats('task', tasks),
  all(tasks, '/goals/all-tasks'),
  byField(tasks, 'status'),
  byField(tasks, 'priority'),
  one(tasks),
  children(tasks, subtasks, 'taskId'),
  create('task', tasks, 'Create a task under a goal', createTaskBody, async (id, userId, body, items) => {
    await items.ownLive('goal', body.goalId, userId);
    return { type: 'CreateTask', id, userId, goalId: body.goalId, fields: { ...fieldsOf(body), title: body.title }, status: body.status };
  }),
  // A move takes the subtasks along: their goal changes too.
  update('task', tasks, 'Update or move a task', updateTaskBody, [...tasks.reads, 'subtasks'], async (id, userId, body, items) => {
    if (body.goalId) {
      // The task first (its 404 before the target's), then the goal it moves to.
      await items.reachable('task', id, userId);
      await items.ownLive('goal', body.goalId, userId);
    }
    return { type: 'UpdateTask', userId, fields: fieldsOf(body), status: body.status, goalId: body.goalId };
  }),
  remove('task', tasks, 'Delete a task with its subtasks', ['tasks', 'subtasks', GOALS_CASCADE]),

  all(subtasks, '/goals/all-subtasks'),
  byField(subtasks, 'status'),
  byField(subtasks, 'priority'),
  one(subtasks),
  create('subtask', subtasks, 'Create a subtask under a task', createSubtaskBody, async (id, userId, body, items) => {
    const task = await items.reachable('task', body.taskId, userId);
    return {
      type: 'CreateSubtask',
      id,
      userId,
      taskId: body.taskId,
      goalId: task.goalId!,
      fields: { ...fieldsOf(body), title: body.title },
      status: body.status,
    };
  }),
  update('subtask', subtasks, 'Update a subtask', updateSubtaskBody, subtasks.reads, (_id, userId, body) =>
    Promise.resolve({ type: 'UpdateSubtask', userId, fields: fieldsOf(body), status: body.status } as const),
  ),
  remove('subtask', subtasks, 'Delete a subtask', ['subtasks']),
  route({
    name: 'completeSubtask',
    method: 'post',
    path: '/goals/subtasks/:id/complete',
    summary: 'Complete a subtask, earning its points',
    tag: 'subtasks',
    auth: true,
    // Already completed.
    errors: [422],
    params: idParams,
    response: completeSubtaskResponse,
    settles: subtasks.reads,
    handle: async ({ ctx, params, services: { items, db }, settle }) => {
      const c = commandContext(ctx);
      const outcome = await items.run('subtask', params.id, { type: 'CompleteSubtask', userId: c.userId }, c, { parentsLive: true });
      return {
        subtask: await answerOf(subtasks, db, outcome, await settle(outcome.position), c.now),
        pointsAwarded: outcome.pointsAwarded,
        receipt: awardReceiptOf(outcome.events),
      };
    },
  }),
];
