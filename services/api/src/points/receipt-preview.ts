import type { AwardReceipt } from '@tracker/contracts/points/receipt';
import type { PointsSourceType } from '@tracker/contracts/points/receipt-http';
import { actionableDecider } from '@tracker/domain/actionables/actionable.decider';
import { workItemDeciders } from '@tracker/domain/goals/work-item-deciders';
import type { Clock } from '@tracker/domain/time/local-date';
import type { CommandHandler } from '../commands/command-handler.ts';
import { streamOf as actionableStreamOf } from '../actionables/actionable-commands.ts';
import { createFreezeCommands } from '../actionables/freeze-commands.ts';
import { createWorkItemCommands } from '../goals/work-item-commands.ts';
import { awardReceiptOf } from './receipts.ts';

/** The receipt completing one of the caller's items now would get; nothing is appended. */
export type ReceiptPreview = (userId: string, sourceType: PointsSourceType, sourceId: string, clock: Clock) => Promise<AwardReceipt>;

/**
 * A preview decides the completion exactly as its route would — the item's stream read (snapshot
 * and all), the same checks (the caller's own live item, its parents live, a habit's freezes from
 * the freeze stream), the same decider and command — and keeps the receipt instead of appending.
 * So it refuses what the completion would refuse, with the same answer: 404 for another user's or
 * a missing item, 422 for a goal, task or subtask already completed, 409 for a to-do already
 * completed or a habit already done for this period (or not due yet).
 */
export const createReceiptPreview = (deps: { commands: CommandHandler }): ReceiptPreview => {
  const { commands } = deps;
  const items = createWorkItemCommands({ commands });
  const freezes = createFreezeCommands({ commands });
  const label = { goal: 'Goal', task: 'Task', subtask: 'Subtask' } as const;

  return async (userId, sourceType, sourceId, clock) => {
    switch (sourceType) {
      case 'goal':
      case 'task':
      case 'subtask': {
        // The caller's live item under live parents (404 otherwise), as a completion checks it.
        const item = await items.reachable(sourceType, sourceId, userId);
        const decider = workItemDeciders[sourceType] as (typeof workItemDeciders)['goal'];
        const command = { type: `Complete${label[sourceType]}`, userId } as Parameters<typeof decider.decide>[0];
        return awardReceiptOf(decider.decide(command, { status: 'active', item }));
      }
      case 'actionable':
      case 'habit': {
        const { state } = await commands.load(actionableDecider, actionableStreamOf(sourceId));
        const own = state.status === 'active' && state.item.userId === userId;
        // Freezes only for the caller's own habit: another user's id reads nothing of theirs.
        const covering = own && state.item.isHabit ? await freezes.covering(userId, sourceId) : [];
        const type = sourceType === 'habit' ? 'CompleteHabit' : 'CompleteActionable';
        return awardReceiptOf(actionableDecider.decide({ type, userId, clock, freezes: covering }, state));
      }
      default: {
        const _exhaustive: never = sourceType;
        throw new Error('Unknown points source type');
      }
    }
  };
};
