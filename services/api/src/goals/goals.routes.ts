import {
  completeSubtaskResponse,
  createGoalBody,
  createSubtaskBody,
  createTaskBody,
  goalResponse,
  goalsResponse,
  idParams,
  listQuery,
  priorityParams,
  progressResponse,
  statsResponse,
  statusParams,
  subtaskResponse,
  subtasksResponse,
  taskResponse,
  tasksResponse,
  updateGoalBody,
  updateSubtaskBody,
  updateTaskBody,
} from '@tracker/contracts/goals/http';
import { NotFound } from '@tracker/domain/common/errors';
import type { ReadModelDb } from '@tracker/projections/db';
import {
  findGoal,
  findSubtask,
  findTask,
  goalProgress,
  listGoals,
  listSubtasks,
  listTasks,
  workItemStats,
} from '@tracker/projections/goals/work-items.queries';
import type { CommandHandler } from '../commands/command-handler.ts';
import type { ApiContext, ApiRouter } from '../http/api-router.ts';
import { commandContext } from '../http/command-context.ts';
import type { WorkItemCommands } from './work-item-commands.ts';

const found = <T>(item: T | undefined, what: string): T => {
  if (item === undefined) throw new NotFound(`${what} not found`);
  return item;
};

/** The 25 routes of goals, tasks and subtasks (spec.md §7). Reads come from read models only. */
export const registerGoalRoutes = (router: ApiRouter, deps: { db: ReadModelDb; commands: CommandHandler; items: WorkItemCommands }): void => {
  const { db, commands, items } = deps;
  const user = (ctx: ApiContext) => ctx.state.userId;
  const id = (ctx: ApiContext) => idParams.parse(ctx.params).id;
  const context = (ctx: ApiContext) => items.withLocalTime(commandContext(ctx));
  const answer = (ctx: ApiContext, status: number, body: unknown) => {
    ctx.status = status;
    ctx.body = body;
  };
  const fieldsOf = (body: { title?: string | undefined; description?: string | undefined; priority?: number | undefined; dueDate?: string | null | undefined; startDate?: string | null | undefined; endDate?: string | null | undefined }) => ({
    title: body.title,
    description: body.description,
    priority: body.priority,
    dueDate: body.dueDate,
    startDate: body.startDate,
    endDate: body.endDate,
  });

  // Goals. Fixed paths first: `/goals/goals/stats` must not be read as an id.
  router.route({ method: 'get', path: '/goals/goals/stats', summary: 'Goal counts by status and priority', tag: 'goals', auth: true, response: statsResponse }, async (ctx) => {
    ctx.body = { stats: await workItemStats(db, 'goal', user(ctx)) };
  });
  router.route({ method: 'get', path: '/goals/progress', summary: 'Progress of every goal', tag: 'goals', auth: true, response: progressResponse }, async (ctx) => {
    ctx.body = { progress: await goalProgress(db, user(ctx)) };
  });
  router.route({ method: 'get', path: '/goals/goals', summary: 'Goals, newest first', tag: 'goals', auth: true, query: listQuery, response: goalsResponse }, async (ctx) => {
    ctx.body = { goals: await listGoals(db, user(ctx), listQuery.parse(ctx.query)) };
  });
  router.route({ method: 'get', path: '/goals/goals/:id', summary: 'One goal', tag: 'goals', auth: true, response: goalResponse }, async (ctx) => {
    ctx.body = { goal: found(await findGoal(db, user(ctx), id(ctx)), 'Goal') };
  });
  router.route({ method: 'get', path: '/goals/goals/:id/tasks', summary: "A goal's tasks", tag: 'goals', auth: true, query: listQuery, response: tasksResponse }, async (ctx) => {
    const goalId = id(ctx);
    found(await findGoal(db, user(ctx), goalId), 'Goal');
    ctx.body = { tasks: await listTasks(db, user(ctx), { ...listQuery.parse(ctx.query), goalId }) };
  });
  router.route({ method: 'post', path: '/goals/goals', summary: 'Create a goal', tag: 'goals', auth: true, body: createGoalBody, response: goalResponse, status: 201 }, async (ctx) => {
    const body = createGoalBody.parse(ctx.state.body ?? {});
    const c = await context(ctx);
    const goalId = items.newId('goal', c);
    await commands.settle((await items.run('goal', goalId, { type: 'Create', id: goalId, userId: c.userId, fields: { ...fieldsOf(body), title: body.title }, status: body.status }, c)).position);
    answer(ctx, 201, { goal: found(await findGoal(db, c.userId, goalId), 'Goal') });
  });
  router.route({ method: 'patch', path: '/goals/goals/:id', summary: 'Update a goal', tag: 'goals', auth: true, body: updateGoalBody, response: goalResponse }, async (ctx) => {
    const goalId = id(ctx);
    const body = updateGoalBody.parse(ctx.state.body ?? {});
    const c = await context(ctx);
    await commands.settle((await items.run('goal', goalId, { type: 'Update', userId: c.userId, fields: fieldsOf(body), status: body.status }, c)).position);
    ctx.body = { goal: found(await findGoal(db, c.userId, goalId), 'Goal') };
  });
  router.route({ method: 'delete', path: '/goals/goals/:id', summary: 'Delete a goal with its tasks and subtasks', tag: 'goals', auth: true, status: 204 }, async (ctx) => {
    const goalId = id(ctx);
    await commands.settle(await items.deleteCascading('goal', goalId, await context(ctx)));
    ctx.status = 204;
  });

  // Tasks.
  router.route({ method: 'get', path: '/goals/tasks/stats', summary: 'Task counts by status and priority', tag: 'tasks', auth: true, response: statsResponse }, async (ctx) => {
    ctx.body = { stats: await workItemStats(db, 'task', user(ctx)) };
  });
  router.route({ method: 'get', path: '/goals/all-tasks', summary: 'Every task, newest first', tag: 'tasks', auth: true, query: listQuery, response: tasksResponse }, async (ctx) => {
    ctx.body = { tasks: await listTasks(db, user(ctx), listQuery.parse(ctx.query)) };
  });
  router.route({ method: 'get', path: '/goals/tasks/status/:status', summary: 'Tasks with a status', tag: 'tasks', auth: true, response: tasksResponse }, async (ctx) => {
    ctx.body = { tasks: await listTasks(db, user(ctx), statusParams.parse(ctx.params)) };
  });
  router.route({ method: 'get', path: '/goals/tasks/priority/:priority', summary: 'Tasks with a priority', tag: 'tasks', auth: true, response: tasksResponse }, async (ctx) => {
    ctx.body = { tasks: await listTasks(db, user(ctx), priorityParams.parse(ctx.params)) };
  });
  router.route({ method: 'get', path: '/goals/tasks/:id', summary: 'One task', tag: 'tasks', auth: true, response: taskResponse }, async (ctx) => {
    ctx.body = { task: found(await findTask(db, user(ctx), id(ctx)), 'Task') };
  });
  router.route({ method: 'get', path: '/goals/tasks/:id/subtasks', summary: "A task's subtasks", tag: 'tasks', auth: true, query: listQuery, response: subtasksResponse }, async (ctx) => {
    const taskId = id(ctx);
    found(await findTask(db, user(ctx), taskId), 'Task');
    ctx.body = { subtasks: await listSubtasks(db, user(ctx), { ...listQuery.parse(ctx.query), taskId }) };
  });
  router.route({ method: 'post', path: '/goals/tasks', summary: 'Create a task under a goal', tag: 'tasks', auth: true, body: createTaskBody, response: taskResponse, status: 201 }, async (ctx) => {
    const body = createTaskBody.parse(ctx.state.body ?? {});
    const c = await context(ctx);
    await items.ownLive('goal', body.goalId, c.userId);
    const taskId = items.newId('task', c);
    await commands.settle((await items.run('task', taskId, { type: 'Create', id: taskId, userId: c.userId, goalId: body.goalId, fields: { ...fieldsOf(body), title: body.title }, status: body.status }, c)).position);
    answer(ctx, 201, { task: found(await findTask(db, c.userId, taskId), 'Task') });
  });
  router.route({ method: 'patch', path: '/goals/tasks/:id', summary: 'Update or move a task', tag: 'tasks', auth: true, body: updateTaskBody, response: taskResponse }, async (ctx) => {
    const taskId = id(ctx);
    const body = updateTaskBody.parse(ctx.state.body ?? {});
    const c = await context(ctx);
    await items.reachable('task', taskId, c.userId);
    if (body.goalId) await items.ownLive('goal', body.goalId, c.userId);
    await commands.settle((await items.run('task', taskId, { type: 'Update', userId: c.userId, fields: fieldsOf(body), status: body.status, goalId: body.goalId }, c)).position);
    ctx.body = { task: found(await findTask(db, c.userId, taskId), 'Task') };
  });
  router.route({ method: 'delete', path: '/goals/tasks/:id', summary: 'Delete a task with its subtasks', tag: 'tasks', auth: true, status: 204 }, async (ctx) => {
    const taskId = id(ctx);
    const c = await context(ctx);
    await items.reachable('task', taskId, c.userId);
    await commands.settle(await items.deleteCascading('task', taskId, c));
    ctx.status = 204;
  });

  // Subtasks.
  router.route({ method: 'get', path: '/goals/all-subtasks', summary: 'Every subtask, newest first', tag: 'subtasks', auth: true, query: listQuery, response: subtasksResponse }, async (ctx) => {
    ctx.body = { subtasks: await listSubtasks(db, user(ctx), listQuery.parse(ctx.query)) };
  });
  router.route({ method: 'get', path: '/goals/subtasks/status/:status', summary: 'Subtasks with a status', tag: 'subtasks', auth: true, response: subtasksResponse }, async (ctx) => {
    ctx.body = { subtasks: await listSubtasks(db, user(ctx), statusParams.parse(ctx.params)) };
  });
  router.route({ method: 'get', path: '/goals/subtasks/priority/:priority', summary: 'Subtasks with a priority', tag: 'subtasks', auth: true, response: subtasksResponse }, async (ctx) => {
    ctx.body = { subtasks: await listSubtasks(db, user(ctx), priorityParams.parse(ctx.params)) };
  });
  router.route({ method: 'get', path: '/goals/subtasks/:id', summary: 'One subtask', tag: 'subtasks', auth: true, response: subtaskResponse }, async (ctx) => {
    ctx.body = { subtask: found(await findSubtask(db, user(ctx), id(ctx)), 'Subtask') };
  });
  router.route({ method: 'post', path: '/goals/subtasks', summary: 'Create a subtask under a task', tag: 'subtasks', auth: true, body: createSubtaskBody, response: subtaskResponse, status: 201 }, async (ctx) => {
    const body = createSubtaskBody.parse(ctx.state.body ?? {});
    const c = await context(ctx);
    const task = await items.reachable('task', body.taskId, c.userId);
    const subtaskId = items.newId('subtask', c);
    await commands.settle((await items.run('subtask', subtaskId, {
      type: 'Create', id: subtaskId, userId: c.userId, taskId: body.taskId, goalId: task.goalId!, fields: { ...fieldsOf(body), title: body.title }, status: body.status,
    }, c)).position);
    answer(ctx, 201, { subtask: found(await findSubtask(db, c.userId, subtaskId), 'Subtask') });
  });
  router.route({ method: 'patch', path: '/goals/subtasks/:id', summary: 'Update a subtask', tag: 'subtasks', auth: true, body: updateSubtaskBody, response: subtaskResponse }, async (ctx) => {
    const subtaskId = id(ctx);
    const body = updateSubtaskBody.parse(ctx.state.body ?? {});
    const c = await context(ctx);
    await items.reachable('subtask', subtaskId, c.userId);
    await commands.settle((await items.run('subtask', subtaskId, { type: 'Update', userId: c.userId, fields: fieldsOf(body), status: body.status }, c)).position);
    ctx.body = { subtask: found(await findSubtask(db, c.userId, subtaskId), 'Subtask') };
  });
  router.route({ method: 'delete', path: '/goals/subtasks/:id', summary: 'Delete a subtask', tag: 'subtasks', auth: true, status: 204 }, async (ctx) => {
    const subtaskId = id(ctx);
    const c = await context(ctx);
    await items.reachable('subtask', subtaskId, c.userId);
    await commands.settle((await items.run('subtask', subtaskId, { type: 'Delete', userId: c.userId }, c)).position);
    ctx.status = 204;
  });
  router.route({ method: 'post', path: '/goals/subtasks/:id/complete', summary: 'Complete a subtask, earning its points', tag: 'subtasks', auth: true, response: completeSubtaskResponse }, async (ctx) => {
    const subtaskId = id(ctx);
    const c = await context(ctx);
    await items.reachable('subtask', subtaskId, c.userId);
    const { position, pointsAwarded } = await items.run('subtask', subtaskId, { type: 'Complete', userId: c.userId }, c);
    await commands.settle(position);
    ctx.body = { subtask: found(await findSubtask(db, c.userId, subtaskId), 'Subtask'), pointsAwarded };
  });
};
