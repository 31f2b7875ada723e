import { NotFound } from '@tracker/domain/common/errors';
import type { OperationalTables } from '@tracker/projections/ops-db';
import type { ProjectedEvent } from '@tracker/projections/projector';
import type { LaneMember } from '@tracker/projections/runner';
import type { Transaction } from 'kysely';
import type { WorkItemCommands, Kind } from './work-item-commands.ts';

export const GOALS_CASCADE = 'goals_cascade';

const handles = ['GoalCreated', 'GoalDeleted', 'TaskCreated', 'TaskUpdated', 'TaskDeleted', 'SubtaskCreated', 'SubtaskDeleted'] as const;
type Handled = ProjectedEvent<(typeof handles)[number]>;
type Trx = Transaction<OperationalTables>;

/**
 * A deleted goal takes its tasks and subtasks with it; a deleted task its subtasks. Run on the log,
 * not in the request: the reactor keeps its own view of the hierarchy (ops.cascade_items, committed
 * with its checkpoint) and appends each child's deletion with ids derived from the deleting event,
 * so after a crash, a repeat finds them already stored and nothing is deleted twice or missed.
 * A child created or moved under a parent the log has already deleted is deleted as it appears.
 */
export const goalsCascadeReactor = (items: WorkItemCommands): LaneMember<OperationalTables, Handled['type']> => {
  const remove = async (trx: Trx, cause: Handled, children: ReadonlyArray<{ id: string; kind: Kind }>): Promise<void> => {
    for (const child of children) {
      try {
        await items.deleteAsEffectOf(child.kind, child.id, cause);
      } catch (error) {
        if (!(error instanceof NotFound)) throw error; // deleted meanwhile by its owner: nothing to do
      }
      await trx.updateTable('cascade_items').set({ deleted_by: cause.id }).where('id', '=', child.id).where('deleted_by', 'is', null).execute();
    }
  };

  const liveUnder = (trx: Trx, parent: 'goal_id' | 'task_id', id: string) =>
    trx.selectFrom('cascade_items').select(['id', 'kind']).where(parent, '=', id).where('deleted_by', 'is', null).orderBy('kind').orderBy('id').execute();

  const deletedParent = async (trx: Trx, ids: ReadonlyArray<string | null>): Promise<boolean> => {
    const known = ids.filter((id): id is string => id !== null);
    if (known.length === 0) return false;
    const row = await trx.selectFrom('cascade_items').select('id').where('id', 'in', known).where('deleted_by', 'is not', null).executeTakeFirst();
    return row !== undefined;
  };

  const react = async (trx: Trx, event: Handled): Promise<void> => {
    const userId = event.metadata.userId;
    switch (event.type) {
      case 'GoalCreated':
        await trx
          .insertInto('cascade_items')
          .values({ id: event.data.goalId, kind: 'goal', user_id: userId, goal_id: null, task_id: null, deleted_by: null })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      case 'TaskCreated': {
        const { taskId, goalId } = event.data;
        await trx
          .insertInto('cascade_items')
          .values({ id: taskId, kind: 'task', user_id: userId, goal_id: goalId, task_id: null, deleted_by: null })
          .onConflict((oc) => oc.doNothing())
          .execute();
        if (await deletedParent(trx, [goalId])) await remove(trx, event, [{ id: taskId, kind: 'task' }]);
        return;
      }
      case 'SubtaskCreated': {
        const { subtaskId, taskId, goalId } = event.data;
        await trx
          .insertInto('cascade_items')
          .values({ id: subtaskId, kind: 'subtask', user_id: userId, goal_id: goalId, task_id: taskId, deleted_by: null })
          .onConflict((oc) => oc.doNothing())
          .execute();
        if (await deletedParent(trx, [goalId, taskId])) await remove(trx, event, [{ id: subtaskId, kind: 'subtask' }]);
        return;
      }
      case 'TaskUpdated': {
        const goalId = event.data.changes.goalId;
        if (!goalId) return;
        const { taskId } = event.data;
        await trx
          .updateTable('cascade_items')
          .set({ goal_id: goalId })
          .where((eb) => eb.or([eb('id', '=', taskId), eb('task_id', '=', taskId)]))
          .execute();
        if (await deletedParent(trx, [goalId])) await remove(trx, event, [{ id: taskId, kind: 'task' }, ...(await liveUnder(trx, 'task_id', taskId))]);
        return;
      }
      case 'GoalDeleted': {
        const { goalId } = event.data;
        await trx.updateTable('cascade_items').set({ deleted_by: event.id }).where('id', '=', goalId).where('deleted_by', 'is', null).execute();
        await remove(trx, event, await liveUnder(trx, 'goal_id', goalId));
        return;
      }
      case 'TaskDeleted': {
        const { taskId } = event.data;
        await trx.updateTable('cascade_items').set({ deleted_by: event.id }).where('id', '=', taskId).where('deleted_by', 'is', null).execute();
        await remove(trx, event, await liveUnder(trx, 'task_id', taskId));
        return;
      }
      case 'SubtaskDeleted':
        await trx.updateTable('cascade_items').set({ deleted_by: event.id }).where('id', '=', event.data.subtaskId).where('deleted_by', 'is', null).execute();
        return;
    }
  };

  return {
    name: GOALS_CASCADE,
    handles,
    apply: react,
  };
};
