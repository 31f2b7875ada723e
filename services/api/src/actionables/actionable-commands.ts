import { randomUUID } from 'node:crypto';
import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import type { Actionable as ActionableAnswer } from '@tracker/contracts/actionables/http';
import {
  actionableDecider,
  clockAt,
  type Actionable,
  type ActionableCommand,
  type ActionableState,
  type ActionableStreamEvent,
  type Clock,
  type EditableFields,
} from '@tracker/domain/actionables/actionable.decider';
import { streakAt, type LocalDate } from '@tracker/domain/actionables/recurrence';
import type { Position } from '@tracker/eventstore/port';
import { derivedUuid, type CommandContext, type CommandHandler } from '../commands/command-handler.ts';
import type { WorkItemCommands } from '../goals/work-item-commands.ts';

export const streamOf = (id: string): string => `actionable-${id}`;

/** The clock of a request: its instant, the user's zone (from the token's facts) and the local date there. */
export const clockOf = (context: CommandContext): Clock => clockAt(context.now, context.timezone ?? DEFAULT_TIMEZONE);

export interface ActionableOutcome {
  position?: Position | undefined;
  pointsAwarded: number;
  /** The item as the command left it (undefined once deleted). */
  item: Actionable | undefined;
  events: ActionableStreamEvent[];
}

/** Links a body names: goalId, taskId, subtaskId (null clears, undefined leaves alone). */
type Links = Pick<EditableFields, 'goalId' | 'taskId' | 'subtaskId'>;

export interface ActionableCommands {
  /** Runs a command on one actionable; `links` (from the body) must be the caller's live items, checked once the item is known to be the caller's. */
  run(id: string, command: ActionableCommand, context: CommandContext, links?: Links): Promise<ActionableOutcome>;
  /** A new item's id: derived from the Idempotency-Key when there is one, so a retry names the same item. */
  newId(context: CommandContext): string;
}

export const createActionableCommands = (deps: { commands: CommandHandler; items: Pick<WorkItemCommands, 'ownLive' | 'reachable'> }): ActionableCommands => {
  const { commands, items } = deps;

  const linksLive = async (links: Links, userId: string): Promise<void> => {
    if (links.goalId) await items.ownLive('goal', links.goalId, userId);
    if (links.taskId) await items.reachable('task', links.taskId, userId);
    if (links.subtaskId) await items.reachable('subtask', links.subtaskId, userId);
  };

  return {
    async run(id, command, context, links) {
      const result = await commands.execute(actionableDecider, streamOf(id), command, context, {
        ...(links
          ? {
              // A missing or foreign actionable answers its own 404 (from the decider) before its links are looked at.
              check: async (state: ActionableState) =>
                state.status === 'none' || (state.status === 'active' && state.item.userId === context.userId) ? linksLive(links, context.userId) : undefined,
            }
          : {}),
      });
      const pointsAwarded = result.events.reduce((sum, e) => (e.type === 'PointsAwarded' ? sum + e.data.points : sum), 0);
      return { position: result.position, pointsAwarded, item: result.state.status === 'active' ? result.state.item : undefined, events: result.events };
    },
    newId: (context) => (context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, 'actionable') : randomUUID()),
  };
};

/** An actionable as the command left it (answers when the read model is behind); a habit's streak as of `today`. */
export const fromCommand = (item: Actionable, today: LocalDate): ActionableAnswer => {
  const instant = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());
  const { recurrence } = item;
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    weight: item.weight,
    deadline: instant(item.deadline),
    completedAt: instant(item.completedAt),
    createdAt: new Date(item.createdAt).toISOString(),
    userId: item.userId,
    goalId: item.goalId,
    taskId: item.taskId,
    subtaskId: item.subtaskId,
    isHabit: item.isHabit,
    streak: item.isHabit ? streakAt(recurrence, item.lastCredited, item.streak, today) : item.streak,
    lastCompletedAt: instant(item.lastCompletedAt),
    active: item.active,
    reminderTime: item.reminderTime,
    pointsAwarded: item.pointsAwarded,
    pointsToBeAwarded: item.pointsToBeAwarded,
    recurrence: {
      frequency: recurrence.frequency,
      days: recurrence.frequency === 'weekly' ? recurrence.days : [],
      dayOfMonth: recurrence.frequency === 'monthly' ? recurrence.dayOfMonth : null,
    },
    status: item.status,
  };
};
