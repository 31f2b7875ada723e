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
  type UpdateGoalBody,
} from '@tracker/contracts/goals/http';
import { NotFound } from '@tracker/domain/common/errors';
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
import { routesFor } from '../http/api-router.ts';
import { commandContext } from '../http/command-context.ts';
import { GOALS_CASCADE } from './goals-cascade.reactor.ts';
import type { GoalsServices } from './goals.feature.ts';

const route = routesFor<GoalsServices>();

const found = <T>(item: T | undefined, what: string): T => {
  if (item === undefined) throw new NotFound(`${what} not found`);
  return item;
};

const fieldsOf = (body: UpdateGoalBody) => ({
  title: body.title,
  description: body.description,
  priority: body.priority,
  dueDate: body.dueDate,
  startDate: body.startDate,
  endDate: body.endDate,
});

// What each answer is read from: a command waits for these projectors, and only these.
const goalReads = ['goals', 'points_ledger'];
const taskReads = ['tasks', 'points_ledger'];
const subtaskReads = ['subtasks', 'points_ledger'];

/** The 25 routes of goals, tasks and subtasks (spec.md §7). Reads come from read models only. */
export const goalRoutes = [
  // Goals. Fixed paths first: `/goals/goals/stats` must not be read as an id.
  route({
    method: 'get', path: '/goals/goals/stats', summary: 'Goal counts by status and priority', tag: 'goals', auth: true, response: statsResponse,
    handle: async ({ ctx, services }) => ({ stats: await workItemStats(services.db, 'goal', ctx.state.userId) }),
  }),
  route({
    method: 'get', path: '/goals/progress', summary: 'Progress of every goal', tag: 'goals', auth: true, response: progressResponse,
    handle: async ({ ctx, services }) => ({ progress: await goalProgress(services.db, ctx.state.userId) }),
  }),
  route({
    method: 'get', path: '/goals/goals', summary: 'Goals, newest first', tag: 'goals', auth: true, query: listQuery, response: goalsResponse,
    handle: async ({ ctx, query, services }) => ({ goals: await listGoals(services.db, ctx.state.userId, query) }),
  }),
  route({
    method: 'get', path: '/goals/goals/:id', summary: 'One goal', tag: 'goals', auth: true, params: idParams, response: goalResponse,
    handle: async ({ ctx, params, services }) => ({ goal: found(await findGoal(services.db, ctx.state.userId, params.id), 'Goal') }),
  }),
  route({
    method: 'get', path: '/goals/goals/:id/tasks', summary: "A goal's tasks", tag: 'goals', auth: true, params: idParams, query: listQuery, response: tasksResponse,
    handle: async ({ ctx, params, query, services: { db } }) => {
      found(await findGoal(db, ctx.state.userId, params.id), 'Goal');
      return { tasks: await listTasks(db, ctx.state.userId, { ...query, goalId: params.id }) };
    },
  }),
  route({
    method: 'post', path: '/goals/goals', summary: 'Create a goal', tag: 'goals', auth: true, body: createGoalBody, response: goalResponse, status: 201, settles: goalReads,
    handle: async ({ ctx, body, services: { items, db }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      const goalId = items.newId('goal', c);
      await settle((await items.run('goal', goalId, { type: 'CreateGoal', id: goalId, userId: c.userId, fields: { ...fieldsOf(body), title: body.title }, status: body.status }, c)).position);
      return { goal: found(await findGoal(db, c.userId, goalId), 'Goal') };
    },
  }),
  route({
    method: 'patch', path: '/goals/goals/:id', summary: 'Update a goal', tag: 'goals', auth: true, params: idParams, body: updateGoalBody, response: goalResponse, settles: goalReads,
    handle: async ({ ctx, params, body, services: { items, db }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await settle((await items.run('goal', params.id, { type: 'UpdateGoal', userId: c.userId, fields: fieldsOf(body), status: body.status }, c)).position);
      return { goal: found(await findGoal(db, c.userId, params.id), 'Goal') };
    },
  }),
  route({
    method: 'delete', path: '/goals/goals/:id', summary: 'Delete a goal with its tasks and subtasks', tag: 'goals', auth: true, params: idParams, status: 204,
    settles: ['goals', 'tasks', 'subtasks', GOALS_CASCADE],
    handle: async ({ ctx, params, services: { items }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await settle((await items.run('goal', params.id, { type: 'DeleteGoal', userId: c.userId }, c)).position);
      return undefined;
    },
  }),

  // Tasks.
  route({
    method: 'get', path: '/goals/tasks/stats', summary: 'Task counts by status and priority', tag: 'tasks', auth: true, response: statsResponse,
    handle: async ({ ctx, services }) => ({ stats: await workItemStats(services.db, 'task', ctx.state.userId) }),
  }),
  route({
    method: 'get', path: '/goals/all-tasks', summary: 'Every task, newest first', tag: 'tasks', auth: true, query: listQuery, response: tasksResponse,
    handle: async ({ ctx, query, services }) => ({ tasks: await listTasks(services.db, ctx.state.userId, query) }),
  }),
  route({
    method: 'get', path: '/goals/tasks/status/:status', summary: 'Tasks with a status', tag: 'tasks', auth: true, params: statusParams, response: tasksResponse,
    handle: async ({ ctx, params, services }) => ({ tasks: await listTasks(services.db, ctx.state.userId, params) }),
  }),
  route({
    method: 'get', path: '/goals/tasks/priority/:priority', summary: 'Tasks with a priority', tag: 'tasks', auth: true, params: priorityParams, response: tasksResponse,
    handle: async ({ ctx, params, services }) => ({ tasks: await listTasks(services.db, ctx.state.userId, params) }),
  }),
  route({
    method: 'get', path: '/goals/tasks/:id', summary: 'One task', tag: 'tasks', auth: true, params: idParams, response: taskResponse,
    handle: async ({ ctx, params, services }) => ({ task: found(await findTask(services.db, ctx.state.userId, params.id), 'Task') }),
  }),
  route({
    method: 'get', path: '/goals/tasks/:id/subtasks', summary: "A task's subtasks", tag: 'tasks', auth: true, params: idParams, query: listQuery, response: subtasksResponse,
    handle: async ({ ctx, params, query, services: { db } }) => {
      found(await findTask(db, ctx.state.userId, params.id), 'Task');
      return { subtasks: await listSubtasks(db, ctx.state.userId, { ...query, taskId: params.id }) };
    },
  }),
  route({
    method: 'post', path: '/goals/tasks', summary: 'Create a task under a goal', tag: 'tasks', auth: true, body: createTaskBody, response: taskResponse, status: 201, settles: taskReads,
    handle: async ({ ctx, body, services: { items, db }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await items.ownLive('goal', body.goalId, c.userId);
      const taskId = items.newId('task', c);
      await settle(
        (await items.run('task', taskId, { type: 'CreateTask', id: taskId, userId: c.userId, goalId: body.goalId, fields: { ...fieldsOf(body), title: body.title }, status: body.status }, c)).position,
      );
      return { task: found(await findTask(db, c.userId, taskId), 'Task') };
    },
  }),
  route({
    method: 'patch', path: '/goals/tasks/:id', summary: 'Update or move a task', tag: 'tasks', auth: true, params: idParams, body: updateTaskBody, response: taskResponse,
    settles: [...taskReads, 'subtasks'],
    handle: async ({ ctx, params, body, services: { items, db }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await items.reachable('task', params.id, c.userId);
      if (body.goalId) await items.ownLive('goal', body.goalId, c.userId);
      await settle((await items.run('task', params.id, { type: 'UpdateTask', userId: c.userId, fields: fieldsOf(body), status: body.status, goalId: body.goalId }, c)).position);
      return { task: found(await findTask(db, c.userId, params.id), 'Task') };
    },
  }),
  route({
    method: 'delete', path: '/goals/tasks/:id', summary: 'Delete a task with its subtasks', tag: 'tasks', auth: true, params: idParams, status: 204,
    settles: ['tasks', 'subtasks', GOALS_CASCADE],
    handle: async ({ ctx, params, services: { items }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await items.reachable('task', params.id, c.userId);
      await settle((await items.run('task', params.id, { type: 'DeleteTask', userId: c.userId }, c)).position);
      return undefined;
    },
  }),

  // Subtasks.
  route({
    method: 'get', path: '/goals/all-subtasks', summary: 'Every subtask, newest first', tag: 'subtasks', auth: true, query: listQuery, response: subtasksResponse,
    handle: async ({ ctx, query, services }) => ({ subtasks: await listSubtasks(services.db, ctx.state.userId, query) }),
  }),
  route({
    method: 'get', path: '/goals/subtasks/status/:status', summary: 'Subtasks with a status', tag: 'subtasks', auth: true, params: statusParams, response: subtasksResponse,
    handle: async ({ ctx, params, services }) => ({ subtasks: await listSubtasks(services.db, ctx.state.userId, params) }),
  }),
  route({
    method: 'get', path: '/goals/subtasks/priority/:priority', summary: 'Subtasks with a priority', tag: 'subtasks', auth: true, params: priorityParams, response: subtasksResponse,
    handle: async ({ ctx, params, services }) => ({ subtasks: await listSubtasks(services.db, ctx.state.userId, params) }),
  }),
  route({
    method: 'get', path: '/goals/subtasks/:id', summary: 'One subtask', tag: 'subtasks', auth: true, params: idParams, response: subtaskResponse,
    handle: async ({ ctx, params, services }) => ({ subtask: found(await findSubtask(services.db, ctx.state.userId, params.id), 'Subtask') }),
  }),
  route({
    method: 'post', path: '/goals/subtasks', summary: 'Create a subtask under a task', tag: 'subtasks', auth: true, body: createSubtaskBody, response: subtaskResponse, status: 201, settles: subtaskReads,
    handle: async ({ ctx, body, services: { items, db }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      const task = await items.reachable('task', body.taskId, c.userId);
      const subtaskId = items.newId('subtask', c);
      await settle(
        (
          await items.run('subtask', subtaskId, {
            type: 'CreateSubtask', id: subtaskId, userId: c.userId, taskId: body.taskId, goalId: task.goalId!, fields: { ...fieldsOf(body), title: body.title }, status: body.status,
          }, c)
        ).position,
      );
      return { subtask: found(await findSubtask(db, c.userId, subtaskId), 'Subtask') };
    },
  }),
  route({
    method: 'patch', path: '/goals/subtasks/:id', summary: 'Update a subtask', tag: 'subtasks', auth: true, params: idParams, body: updateSubtaskBody, response: subtaskResponse, settles: subtaskReads,
    handle: async ({ ctx, params, body, services: { items, db }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await items.reachable('subtask', params.id, c.userId);
      await settle((await items.run('subtask', params.id, { type: 'UpdateSubtask', userId: c.userId, fields: fieldsOf(body), status: body.status }, c)).position);
      return { subtask: found(await findSubtask(db, c.userId, params.id), 'Subtask') };
    },
  }),
  route({
    method: 'delete', path: '/goals/subtasks/:id', summary: 'Delete a subtask', tag: 'subtasks', auth: true, params: idParams, status: 204, settles: ['subtasks'],
    handle: async ({ ctx, params, services: { items }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await items.reachable('subtask', params.id, c.userId);
      await settle((await items.run('subtask', params.id, { type: 'DeleteSubtask', userId: c.userId }, c)).position);
      return undefined;
    },
  }),
  route({
    method: 'post', path: '/goals/subtasks/:id/complete', summary: 'Complete a subtask, earning its points', tag: 'subtasks', auth: true, params: idParams,
    response: completeSubtaskResponse, settles: subtaskReads,
    handle: async ({ ctx, params, services: { items, db }, settle }) => {
      const c = await items.withLocalTime(commandContext(ctx));
      await items.reachable('subtask', params.id, c.userId);
      const { position, pointsAwarded } = await items.run('subtask', params.id, { type: 'CompleteSubtask', userId: c.userId }, c);
      await settle(position);
      return { subtask: found(await findSubtask(db, c.userId, params.id), 'Subtask'), pointsAwarded };
    },
  }),
];
