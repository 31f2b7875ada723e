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
  type ImportedHistory,
} from '@tracker/domain/actionables/actionable.decider';
import { streakAt, type LocalDate } from '@tracker/domain/actionables/recurrence';
import { NotFound } from '@tracker/domain/common/errors';
import type { Position } from '@tracker/eventstore/port';
import { recurrenceAnswer } from '@tracker/projections/actionables/actionables.queries';
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
  /**
   * Imports already validated items, one stream each. Item i's id is derived from the
   * Idempotency-Key and i (a request-scoped random base without one), and each append's event ids from
   * the key too: a retry replays the items already stored and appends only the missing ones, never twice.
   * Links that are not the caller's live items (an export from another account) are cleared.
   */
  importAll(entries: readonly ImportEntry[], context: CommandContext): Promise<ImportOutcome>;
}

export interface ImportEntry {
  fields: EditableFields;
  history: ImportedHistory;
}
export interface ImportOutcome {
  /** Where each append landed (read-your-writes: opaque, so the answer waits for each in turn). */
  positions: Position[];
  items: Actionable[];
}

/** Appends at once while importing: streams are independent, so a few may go in parallel. */
const IMPORT_CONCURRENCY = 8;

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

    async importAll(entries, context) {
      const base = context.idempotencyKey ?? randomUUID();
      const idOf = (index: number): string => derivedUuid(context.userId, base, 'import', String(index));
      const timezone = context.timezone ?? DEFAULT_TIMEZONE;
      // Each distinct link is looked up once; a foreign or deleted one is cleared, not refused.
      const known = new Map<string, Promise<boolean>>();
      const isOwn = (kind: 'goal' | 'task' | 'subtask', id: string): Promise<boolean> => {
        const key = `${kind}:${id}`;
        let found = known.get(key);
        if (!found) {
          const lookup = kind === 'goal' ? items.ownLive(kind, id, context.userId) : items.reachable(kind, id, context.userId);
          found = lookup.then(
            () => true,
            (error: unknown) => {
              if (error instanceof NotFound) return false;
              throw error;
            },
          );
          known.set(key, found);
        }
        return found;
      };
      const ownLink = async (kind: 'goal' | 'task' | 'subtask', id: string | null | undefined): Promise<string | null> =>
        id && (await isOwn(kind, id)) ? id : null;

      const results: Actionable[] = new Array<Actionable>(entries.length);
      const positions: Position[] = [];
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < entries.length) {
          const index = next++;
          const { fields, history } = entries[index]!;
          const linked: EditableFields = {
            ...fields,
            goalId: await ownLink('goal', fields.goalId),
            taskId: await ownLink('task', fields.taskId),
            subtaskId: await ownLink('subtask', fields.subtaskId),
          };
          const id = idOf(index);
          const result = await commands.execute(
            actionableDecider,
            streamOf(id),
            { type: 'ImportActionable', id, userId: context.userId, fields: linked, history, timezone },
            context,
          );
          if (result.state.status !== 'active') throw new Error(`Imported actionable ${id} is not active`);
          results[index] = result.state.item;
          if (result.position) positions.push(result.position);
        }
      };
      await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, entries.length) }, worker));
      return { positions, items: results };
    },
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
    recurrence: recurrenceAnswer(recurrence),
    status: item.status,
  };
};
