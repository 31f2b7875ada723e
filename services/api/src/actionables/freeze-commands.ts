import { randomUUID } from 'node:crypto';
import { actionableMessages } from '@tracker/contracts/actionables/http';
import { streamName } from '@tracker/contracts/streams';
import { actionableDecider } from '@tracker/domain/actionables/actionable.decider';
import { freezeDecider, freezesOf, type Freeze, type FreezeCommand, type FreezeState } from '@tracker/domain/actionables/freeze.decider';
import type { DateRange } from '@tracker/domain/actionables/habit-schedule';
import { NotFound } from '@tracker/domain/common/errors';
import type { Position } from '@tracker/eventstore/port';
import { derivedUuid, type CommandContext, type CommandHandler } from '../commands/command-handler.ts';

// A user's freezes live in one stream, `freeze-<userId>` (the monthly limit is decided against all of
// them). Completions and backfills read it too, so a decision sees every freeze there is — never the
// read model, which may lag behind a freeze just made.

export const freezeStreamOf = (userId: string): string => streamName('freeze', userId);

export interface FreezeOutcome {
  position?: Position | undefined;
  state: FreezeState;
}

export interface FreezeCommands {
  /** Runs a command on the caller's freezes; a freeze of one habit must name the caller's live habit (404 otherwise). */
  run(command: FreezeCommand, context: CommandContext): Promise<FreezeOutcome>;
  /** A new freeze's id: derived from the Idempotency-Key when there is one, so a retry names the same freeze. */
  newId(context: CommandContext): string;
  /** The freezes that cover one habit (its own and all habits'), from the user's stream. */
  covering(userId: string, habitId: string): Promise<DateRange[]>;
}

export const createFreezeCommands = (deps: { commands: CommandHandler }): FreezeCommands => {
  const { commands } = deps;

  const ownHabit = async (userId: string, habitId: string): Promise<void> => {
    const { state } = await commands.load(actionableDecider, streamName('actionable', habitId));
    if (state.status !== 'active' || state.item.userId !== userId || !state.item.isHabit) throw new NotFound(actionableMessages.habitNotFound);
  };

  return {
    async run(command, context) {
      const habitId = command.type === 'FreezeHabits' ? command.habitId : null;
      const result = await commands.execute(freezeDecider, freezeStreamOf(context.userId), command, context, {
        ...(habitId ? { check: () => ownHabit(context.userId, habitId) } : {}),
      });
      return { position: result.position, state: result.state };
    },
    newId: (context) => (context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, 'freeze') : randomUUID()),
    async covering(userId, habitId) {
      const { state } = await commands.load(freezeDecider, freezeStreamOf(userId));
      return freezesOf(state, habitId);
    },
  };
};

/** A freeze as answers carry it (contracts' `freeze`). */
export const freezeAnswer = ({ id, habitId, from, to, createdAt }: Freeze) => ({ id, habitId, from, to, createdAt: new Date(createdAt).toISOString() });
