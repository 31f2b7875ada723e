import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import { streamName } from '@tracker/contracts/streams';
import {
  actionableDecider,
  type ActionableItem,
  type ActionableCommand,
  type ActionableState,
  type ActionableStreamEvent,
  type EditableFields,
  type ImportedHistory,
} from '@tracker/domain/actionables/actionable.decider';
import type { DateRange } from '@tracker/domain/actionables/habit-schedule';
import { importDecider, importedItemCreatedAt, type ImportStreamEvent } from '@tracker/domain/actionables/import.decider';
import { NotFound } from '@tracker/domain/common/errors';
import type { Position } from '@tracker/eventstore/port';
import { derivedUuid, type CommandContext, type CommandHandler } from '../commands/command-handler.ts';
import type { WorkItemCommands } from '../goals/work-item-commands.ts';
import { createFreezeCommands, type FreezeCommands } from './freeze-commands.ts';

export const streamOf = (id: string): string => streamName('actionable', id);

export interface ActionableOutcome {
  position?: Position | undefined;
  pointsAwarded: number;
  /** The item as the command left it (undefined once deleted). */
  item: ActionableItem | undefined;
  events: ActionableStreamEvent[];
  /** The freezes a completion or backfill counted with (none for other commands): what an answer from this state shows the streak with. */
  freezes: DateRange[];
}

/** Links a body names: goalId, taskId, subtaskId (null clears, undefined leaves alone). */
type Links = Pick<EditableFields, 'goalId' | 'taskId' | 'subtaskId'>;

export interface ActionableCommands {
  /**
   * Runs a command on one actionable; `links` (from the body) must be the caller's live items, checked
   * once the item is known to be the caller's. A completion or backfill counts with the freezes that
   * cover the habit, read from the user's freeze stream here (the caller need not give them).
   */
  run(id: string, command: ActionableCommand, context: CommandContext, links?: Links): Promise<ActionableOutcome>;
  /** A new item's id: derived from the Idempotency-Key when there is one, so a retry names the same item. */
  newId(context: CommandContext): string;
  /**
   * Imports already validated items as one decision: one ActionablesImported in `import-<id>` (whole
   * or not at all, on either store), then each item's own stream. The import's id is derived from the
   * Idempotency-Key (random without one) and its event id from the key and the request's fingerprint:
   * the same request again answers the first import; another request under the key is a 409.
   * Links that are not the caller's live items (an export from another account) are cleared.
   */
  importAll(entries: readonly ImportEntry[], context: CommandContext): Promise<ImportOutcome>;
  /**
   * Gives each item of a stored import its own stream, once (ids derived from the import): the
   * request does it at once, the import reactor again after a crash; the later finds nothing to do.
   */
  materialise(imported: StoredImport, context: Pick<CommandContext, 'userId' | 'requestId'>): Promise<void>;
}

/** An import as stored: its event's data and when it was recorded. */
export interface StoredImport {
  data: ImportStreamEvent['data'];
  occurredAt: string;
}

export interface ImportEntry {
  fields: EditableFields;
  history: ImportedHistory;
}
export interface ImportOutcome {
  /** Where the import landed (read-your-writes); none when it was stored by an earlier request. */
  position?: Position | undefined;
  items: ActionableItem[];
}

/** Item streams made at once while importing: streams are independent, so a few may go in parallel. */
const IMPORT_CONCURRENCY = 8;

/** The commands a habit decides with its freezes. */
const countsWithFreezes = (command: ActionableCommand): command is Extract<ActionableCommand, { freezes?: unknown }> =>
  command.type === 'CompleteHabit' || command.type === 'CompleteActionable' || command.type === 'BackfillHabit';

export const createActionableCommands = (deps: {
  commands: CommandHandler;
  items: Pick<WorkItemCommands, 'ownLive' | 'reachable'>;
  /** Where completions read the freezes that cover a habit (the user's freeze stream unless told). */
  freezes?: Pick<FreezeCommands, 'covering'> | undefined;
}): ActionableCommands => {
  const { commands, items } = deps;
  const freezeCommands = deps.freezes ?? createFreezeCommands({ commands });

  const linksLive = async (links: Links, userId: string): Promise<void> => {
    if (links.goalId) await items.ownLive('goal', links.goalId, userId);
    if (links.taskId) await items.reachable('task', links.taskId, userId);
    if (links.subtaskId) await items.reachable('subtask', links.subtaskId, userId);
  };

  return {
    async run(id, given, context, links) {
      const own = (state: ActionableState): boolean => state.status === 'active' && state.item.userId === context.userId;
      // Freezes are read from the stream, not the read model: a freeze just made counts at once. A
      // habit's own commands read them beside the habit's stream; a to-do's completion needs none, and
      // the same route on a habit reads them once its stream says it is one (`late`, filled by the check).
      const counts = countsWithFreezes(given) ? given : undefined;
      let freezes: Promise<DateRange[]> = Promise.resolve([...(counts?.freezes ?? [])]);
      let command: ActionableCommand | Promise<ActionableCommand> = given;
      let late: Extract<ActionableCommand, { type: 'CompleteActionable' }> | undefined;
      if (counts && !counts.freezes) {
        if (counts.type === 'CompleteActionable') command = late = { ...counts };
        else {
          freezes = freezeCommands.covering(context.userId, id);
          command = freezes.then((covering) => ({ ...counts, freezes: covering }));
        }
      }
      const check = async (state: ActionableState): Promise<void> => {
        // A missing or foreign actionable answers its own 404 (from the decider) before its links are looked at.
        if (links && (state.status === 'none' || own(state))) await linksLive(links, context.userId);
        if (late && state.status === 'active' && state.item.isHabit && own(state)) {
          freezes = freezeCommands.covering(context.userId, id);
          late.freezes = await freezes;
        }
      };
      const result = await commands.execute(actionableDecider, streamOf(id), command, context, links || late ? { check } : {});
      const pointsAwarded = result.events.reduce((sum, e) => (e.type === 'PointsAwarded' ? sum + e.data.points : sum), 0);
      return {
        position: result.position,
        pointsAwarded,
        item: result.state.status === 'active' ? result.state.item : undefined,
        events: result.events,
        freezes: await freezes,
      };
    },
    newId: (context) => (context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, 'actionable') : randomUUID()),

    async importAll(entries, context) {
      const fingerprint = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
      const importId = context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, 'import') : randomUUID();
      const timezone = context.clock?.timezone ?? DEFAULT_TIMEZONE;
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
      const linked = await Promise.all(
        entries.map(async ({ fields, history }, index) => ({
          id: derivedUuid(context.userId, importId, 'item', String(index)),
          history,
          fields: {
            ...fields,
            goalId: await ownLink('goal', fields.goalId),
            taskId: await ownLink('task', fields.taskId),
            subtaskId: await ownLink('subtask', fields.subtaskId),
          },
        })),
      );

      const stream = importStreamOf(importId);
      const keyed = context.idempotencyKey ? { ...context, idempotencyKey: `${context.idempotencyKey}:${fingerprint}` } : context;
      const result = await commands.execute(
        importDecider,
        stream,
        { type: 'ImportActionables', importId, userId: context.userId, fingerprint, items: linked, timezone },
        keyed,
      );
      // The import as stored: a keyed append may have been a retry answered with an earlier request's
      // import, whose instant only the stream knows.
      const stored = context.idempotencyKey && result.events.length > 0 ? (await commands.load(importDecider, stream)).state : result.state;
      if (stored.status !== 'imported') throw new Error(`Import ${importId} is not stored`);
      const imported = { data: stored.import, occurredAt: stored.importedAt };
      await this.materialise(imported, context);
      return {
        position: result.position,
        items: imported.data.items.map((created, index) => itemOf(created, importedItemCreatedAt(imported.occurredAt, index))),
      };
    },

    async materialise(imported, context) {
      const { data, occurredAt } = imported;
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < data.items.length) {
          const index = next++;
          const created = data.items[index]!;
          await commands.execute(
            actionableDecider,
            streamOf(created.actionableId),
            { type: 'MaterialiseImported', importId: data.importId, created },
            // Event ids from the import and the item, so the request and the reactor write the same event.
            {
              userId: data.userId,
              requestId: context.requestId,
              causationId: importStreamOf(data.importId),
              now: new Date(importedItemCreatedAt(occurredAt, index)),
              idempotencyKey: `import:${data.importId}:${index}`,
            },
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, data.items.length) }, worker));
    },
  };
};

export const importStreamOf = (importId: string): string => streamName('import', importId);

/** An imported item as its ActionableCreated makes it (what the decider's state would be). */
const itemOf = (created: StoredImport['data']['items'][number], occurredAt: string): ActionableItem => {
  const state = actionableDecider.evolve({ status: 'none' }, { type: 'ActionableCreated', data: created, occurredAt });
  if (state.status !== 'active') throw new Error(`Imported actionable ${created.actionableId} is not active`);
  return state.item;
};
