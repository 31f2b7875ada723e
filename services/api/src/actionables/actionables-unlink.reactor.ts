import type { Transaction } from 'kysely';
import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import { clockAt } from '@tracker/domain/time/local-date';
import { NotFound } from '@tracker/domain/common/errors';
import type { OperationalTables } from '@tracker/projections/ops-db';
import type { ProjectedEvent } from '@tracker/projections/projector';
import type { LaneMember } from '@tracker/projections/runner';
import type { ActionableCommands } from './actionable-commands.ts';

export const ACTIONABLES_UNLINK = 'actionables_unlink';

const handles = ['ActionablesImported', 'ActionableCreated', 'ActionableUpdated', 'ActionableDeleted', 'GoalDeleted', 'TaskDeleted', 'SubtaskDeleted'] as const;
type Handled = ProjectedEvent<(typeof handles)[number]>;
type Trx = Transaction<OperationalTables>;
type Link = 'goal_id' | 'task_id' | 'subtask_id';
const fieldOf = { goal_id: 'goalId', task_id: 'taskId', subtask_id: 'subtaskId' } as const;

/**
 * Deleting a goal, task or subtask unlinks the actionables that pointed at it: they stay, the link is
 * cleared. Run on the log (not in the request), with its own view of the links (ops.actionable_links,
 * committed with its checkpoint); each unlink is an update whose event ids derive from the deletion,
 * so a repeat after a crash appends nothing.
 */
export const actionablesUnlinkReactor = (actionables: ActionableCommands): LaneMember<OperationalTables, Handled['type']> => {
  const unlink = async (trx: Trx, cause: Handled, link: Link, id: string): Promise<void> => {
    const linked = await trx.selectFrom('actionable_links').select('actionable_id').where(link, '=', id).orderBy('actionable_id').execute();
    const { userId, correlationId, occurredAt, timezone } = cause.metadata;
    for (const { actionable_id: actionableId } of linked) {
      try {
        await actionables.run(
          actionableId,
          { type: 'UpdateActionable', userId, fields: { [fieldOf[link]]: null }, clock: clockAt(new Date(occurredAt), timezone ?? DEFAULT_TIMEZONE) },
          { userId, requestId: correlationId, causationId: cause.id, now: new Date(occurredAt), idempotencyKey: `unlink:${cause.id}` },
        );
      } catch (error) {
        if (!(error instanceof NotFound)) throw error; // deleted meanwhile: nothing to unlink
      }
    }
    await trx
      .updateTable('actionable_links')
      .set({ [link]: null })
      .where(link, '=', id)
      .execute();
  };

  const react = async (trx: Trx, event: Handled): Promise<void> => {
    switch (event.type) {
      case 'ActionablesImported': {
        const links = event.data.items.map(({ actionableId, userId, goalId, taskId, subtaskId }) => ({
          actionable_id: actionableId,
          user_id: userId,
          goal_id: goalId ?? null,
          task_id: taskId ?? null,
          subtask_id: subtaskId ?? null,
        }));
        await trx
          .insertInto('actionable_links')
          .values(links)
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case 'ActionableCreated': {
        const { actionableId, userId, goalId, taskId, subtaskId } = event.data;
        await trx
          .insertInto('actionable_links')
          .values({ actionable_id: actionableId, user_id: userId, goal_id: goalId ?? null, task_id: taskId ?? null, subtask_id: subtaskId ?? null })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case 'ActionableUpdated': {
        const { goalId, taskId, subtaskId } = event.data.changes;
        const changes = {
          ...(goalId !== undefined ? { goal_id: goalId } : {}),
          ...(taskId !== undefined ? { task_id: taskId } : {}),
          ...(subtaskId !== undefined ? { subtask_id: subtaskId } : {}),
        };
        if (Object.keys(changes).length > 0)
          await trx.updateTable('actionable_links').set(changes).where('actionable_id', '=', event.data.actionableId).execute();
        return;
      }
      case 'ActionableDeleted':
        await trx.deleteFrom('actionable_links').where('actionable_id', '=', event.data.actionableId).execute();
        return;
      case 'GoalDeleted':
        return unlink(trx, event, 'goal_id', event.data.goalId);
      case 'TaskDeleted':
        return unlink(trx, event, 'task_id', event.data.taskId);
      case 'SubtaskDeleted':
        return unlink(trx, event, 'subtask_id', event.data.subtaskId);
    }
  };

  return { name: ACTIONABLES_UNLINK, handles, apply: react };
};
