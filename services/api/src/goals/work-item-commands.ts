import { randomUUID } from 'node:crypto';
import type { Decider } from '@tracker/domain/common/decider';
import { NotFound } from '@tracker/domain/common/errors';
import { goalDecider } from '@tracker/domain/goals/goal.decider';
import { subtaskDecider } from '@tracker/domain/goals/subtask.decider';
import { taskDecider } from '@tracker/domain/goals/task.decider';
import type { LooseEvent, WorkItem, WorkItemCommand, WorkItemState } from '@tracker/domain/goals/work-item';
import { localDateOf } from '@tracker/domain/time/local-date';
import { findUserById } from '@tracker/projections/users/users.queries';
import type { ReadModelDb } from '@tracker/projections/db';
import { listSubtasks, listTasks } from '@tracker/projections/goals/work-items.queries';
import { derivedUuid, type CommandContext, type CommandHandler } from '../commands/command-handler.ts';

export type Kind = 'goal' | 'task' | 'subtask';
// One shape for all three: they differ only in the event names they speak.
const deciders = { goal: goalDecider, task: taskDecider, subtask: subtaskDecider } as unknown as Record<
  'goal' | 'task' | 'subtask',
  Decider<WorkItemCommand, LooseEvent, WorkItemState>
>;
export const streamOf = (kind: Kind, id: string): string => `${kind}-${id}`;
const label = { goal: 'Goal', task: 'Task', subtask: 'Subtask' } as const;

export interface WorkItemCommands {
  /** Runs a command on one item; answers its points and the position to wait for. */
  run(kind: Kind, id: string, command: WorkItemCommand, context: CommandContext): Promise<{ position?: string | undefined; pointsAwarded: number }>;
  /** The caller's own live item, read from its stream (authoritative), or NotFound. */
  ownLive(kind: Kind, id: string, userId: string): Promise<WorkItem>;
  /**
   * ownLive, and every parent up to the goal live too: a child whose parent was deleted is gone,
   * even if its own Deleted event has not been written (a crash mid-cascade).
   */
  reachable(kind: Kind, id: string, userId: string): Promise<WorkItem>;
  /** A new item's id: derived from the Idempotency-Key when there is one, so a retry names the same item. */
  newId(kind: Kind, context: CommandContext): string;
  /** Deletes an item and everything under it; points already awarded stay in the ledger. */
  deleteCascading(kind: 'goal' | 'task', id: string, context: CommandContext): Promise<string | undefined>;
  /** The request's context plus the user's time zone and local date, for events where a day matters. */
  withLocalTime(context: CommandContext): Promise<CommandContext>;
}

export const createWorkItemCommands = (deps: { commands: CommandHandler; db: ReadModelDb }): WorkItemCommands => {
  const { commands, db } = deps;

  const run: WorkItemCommands['run'] = async (kind, id, command, context) => {
    const result = await commands.execute(deciders[kind], streamOf(kind, id), command, context);
    const pointsAwarded = (result.events as Array<{ type: string; data: { points?: number } }>)
      .filter((e) => e.type === 'PointsAwarded')
      .reduce((sum, e) => sum + (e.data.points ?? 0), 0);
    return { position: result.position, pointsAwarded };
  };

  const ownLive: WorkItemCommands['ownLive'] = async (kind, id, userId) => {
    const { state } = await commands.load(deciders[kind], streamOf(kind, id));
    if (state.status !== 'active' || state.item.userId !== userId) throw new NotFound(`${label[kind]} not found`);
    return state.item;
  };

  const deleteQuietly = async (kind: Kind, id: string, context: CommandContext): Promise<string | undefined> => {
    try {
      return (await run(kind, id, { type: 'Delete', userId: context.userId }, { ...context, idempotencyKey: undefined })).position;
    } catch (error) {
      if (error instanceof NotFound) return undefined; // already gone: a concurrent delete got there first
      throw error;
    }
  };

  const reachable: WorkItemCommands['reachable'] = async (kind, id, userId) => {
    const item = await ownLive(kind, id, userId);
    try {
      if (kind === 'subtask') await reachable('task', item.taskId!, userId);
      if (kind === 'task') await ownLive('goal', item.goalId!, userId);
    } catch (error) {
      if (error instanceof NotFound) throw new NotFound(`${label[kind]} not found`);
      throw error;
    }
    return item;
  };

  return {
    run,
    ownLive,
    reachable,
    newId: (kind, context) => (context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, kind) : randomUUID()),
    async deleteCascading(kind, id, context) {
      let last = (await run(kind, id, { type: 'Delete', userId: context.userId }, context)).position;
      const tasks = kind === 'goal' ? await listTasks(db, context.userId, { goalId: id }) : [];
      const subtasks = await listSubtasks(db, context.userId, kind === 'goal' ? { goalId: id } : { taskId: id });
      for (const task of tasks) last = (await deleteQuietly('task', task.id, context)) ?? last;
      for (const subtask of subtasks) last = (await deleteQuietly('subtask', subtask.id, context)) ?? last;
      return last;
    },
    async withLocalTime(context) {
      const user = await findUserById(db, context.userId);
      const timezone = user?.timezone ?? 'America/New_York';
      return { ...context, timezone, localDate: localDateOf(context.now, timezone) };
    },
  };
};
