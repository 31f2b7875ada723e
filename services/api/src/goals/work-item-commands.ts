import { randomUUID } from 'node:crypto';
import { streamName } from '@tracker/contracts/streams';
import { NotFound } from '@tracker/domain/common/errors';
import type { WorkItem, WorkItemEvent, WorkItemState } from '@tracker/domain/goals/work-item';
import { deleteWorkItem, workItemDeciders as deciders, type WorkItemCommandOf } from '@tracker/domain/goals/work-item-deciders';
import type { Position } from '@tracker/eventstore/port';
import { derivedUuid, type CommandContext, type CommandHandler } from '../commands/command-handler.ts';

export type Kind = 'goal' | 'task' | 'subtask';
export const streamOf = (kind: Kind, id: string): string => streamName(kind, id);
const label = { goal: 'Goal', task: 'Task', subtask: 'Subtask' } as const;

export interface WorkItemOutcome {
  position?: Position | undefined;
  pointsAwarded: number;
  /** The item as the command left it (undefined once deleted), and the events it recorded. */
  item: WorkItem | undefined;
  events: WorkItemEvent[];
}

export interface WorkItemCommands {
  /** Runs a command on one item; answers its points, the position to wait for, and what it decided. */
  run<K extends Kind>(
    kind: K,
    id: string,
    command: WorkItemCommandOf<K>,
    context: CommandContext,
    options?: { parentsLive?: boolean; created?: boolean },
  ): Promise<WorkItemOutcome>;
  /** The caller's own live item, read from its stream (authoritative), or NotFound. */
  ownLive(kind: Kind, id: string, userId: string): Promise<WorkItem>;
  /**
   * ownLive, and every parent up to the goal live too: a child whose parent was deleted is gone,
   * even if its own Deleted event has not been written (a crash mid-cascade).
   */
  reachable(kind: Kind, id: string, userId: string): Promise<WorkItem>;
  /** A new item's id: derived from the Idempotency-Key when there is one, so a retry names the same item. */
  newId(kind: Kind, context: CommandContext): string;
  /**
   * Deletes an item because of another event (a parent's deletion): its event ids derive from the
   * cause, so doing it again — after a crash — finds them stored and appends nothing.
   */
  deleteAsEffectOf(kind: Kind, id: string, cause: { id: string; metadata: { userId: string; correlationId: string; occurredAt: string } }): Promise<void>;
  /** The delete command of a kind. */
  deleteCommand<K extends Kind>(kind: K, userId: string): WorkItemCommandOf<K>;
}

export const createWorkItemCommands = (deps: { commands: CommandHandler }): WorkItemCommands => {
  const { commands } = deps;

  /** The item's parents up to the goal are live (a child of a deleted parent is gone, even before the cascade reaches it). */
  const parentsLive = async (kind: Kind, item: WorkItem, userId: string): Promise<void> => {
    try {
      if (kind === 'subtask') await taskAndGoalLive(item, userId);
      if (kind === 'task') await ownLive('goal', item.goalId!, userId);
    } catch (error) {
      if (error instanceof NotFound) throw new NotFound(`${label[kind]} not found`);
      throw error;
    }
  };

  const run: WorkItemCommands['run'] = async (kind, id, command, context, options) => {
    const result = await commands.execute(deciders[kind], streamOf(kind, id), command, context, {
      ...(options?.parentsLive
        ? {
            check: async (state: WorkItemState) =>
              state.status === 'active' && state.item.userId === context.userId ? parentsLive(kind, state.item, context.userId) : undefined,
          }
        : {}),
      // A creation under the id newId just made: its stream is not read first.
      ...(options?.created ? { newStream: true } : {}),
    });
    const decided: WorkItemEvent[] = result.events;
    const pointsAwarded = decided.reduce((sum, e) => (e.type === 'PointsAwarded' ? sum + e.data.points : sum), 0);
    return { position: result.position, pointsAwarded, item: result.state.status === 'active' ? result.state.item : undefined, events: decided };
  };

  const load = <K extends Kind>(kind: K, id: string) => commands.load(deciders[kind], streamOf(kind, id));

  const liveOf = (kind: Kind, state: WorkItemState, userId: string): WorkItem => {
    if (state.status !== 'active' || state.item.userId !== userId) throw new NotFound(`${label[kind]} not found`);
    return state.item;
  };

  const ownLive: WorkItemCommands['ownLive'] = async (kind, id, userId) => liveOf(kind, (await load(kind, id)).state, userId);

  /**
   * A subtask's task and goal are live: the goal the subtask was created under is read beside the
   * task, one round trip for both. It is the task's goal unless the task moved since (a move
   * leaves the subtask's goalId as it was); then the task's goal is read after all. A failure of
   * the read beside is not the answer's: the goal is read again, as if it had not been tried.
   */
  const taskAndGoalLive = async (subtask: WorkItem, userId: string): Promise<void> => {
    const guessed = subtask.goalId;
    const [task, goal] = await Promise.all([load('task', subtask.taskId!), guessed === undefined ? undefined : load('goal', guessed).catch(() => undefined)]);
    const liveTask = liveOf('task', task.state, userId);
    if (goal && liveTask.goalId === guessed) liveOf('goal', goal.state, userId);
    else await ownLive('goal', liveTask.goalId!, userId);
  };

  async function reachable(kind: Kind, id: string, userId: string): Promise<WorkItem> {
    const item = await ownLive(kind, id, userId);
    await parentsLive(kind, item, userId);
    return item;
  }

  return {
    run,
    ownLive,
    reachable,
    newId: (kind, context) => (context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, kind) : randomUUID()),
    async deleteAsEffectOf(kind, id, cause) {
      const { userId, correlationId, occurredAt } = cause.metadata;
      await run(kind, id, deleteWorkItem[kind](userId), {
        userId,
        requestId: correlationId,
        causationId: cause.id,
        now: new Date(occurredAt),
        idempotencyKey: `cascade:${cause.id}`,
      });
    },
    deleteCommand: (kind, userId) => deleteWorkItem[kind](userId),
  };
};
