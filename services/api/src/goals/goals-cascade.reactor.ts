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
type Creation = ProjectedEvent<'GoalCreated' | 'TaskCreated' | 'SubtaskCreated'>;
const isCreation = (event: Handled): event is Creation => event.type === 'GoalCreated' || event.type === 'TaskCreated' || event.type === 'SubtaskCreated';

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

  const itemOf = (event: Creation) =>
    event.type === 'GoalCreated'
      ? { id: event.data.goalId, kind: 'goal' as const, goal_id: null, task_id: null }
      : event.type === 'TaskCreated'
        ? { id: event.data.taskId, kind: 'task' as const, goal_id: event.data.goalId, task_id: null }
        : { id: event.data.subtaskId, kind: 'subtask' as const, goal_id: event.data.goalId, task_id: event.data.taskId };

  /**
   * Creations, in one insert and one look for deleted parents: one statement per creation was a round
   * trip for every goal, task and subtask made (bench budget: 0.98 of create-goal's 7.4). A child
   * created under a parent the log already deleted is deleted as it appears. Equivalent to one at a
   * time: a creation's parents are never deleted by another creation, and a subtask names its goal
   * beside its task, so one deleted under a task deleted here is found through the goal.
   */
  const created = async (trx: Trx, events: readonly Creation[]): Promise<void> => {
    const items = events.map((event) => ({ event, ...itemOf(event) }));
    await trx
      .insertInto('cascade_items')
      .values(items.map(({ id, kind, goal_id, task_id, event }) => ({ id, kind, user_id: event.metadata.userId, goal_id, task_id, deleted_by: null })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const parents = [...new Set(items.flatMap((item) => [item.goal_id, item.task_id]).filter((id): id is string => id !== null))];
    if (parents.length === 0) return;
    const deleted = new Set(
      (await trx.selectFrom('cascade_items').select('id').where('id', 'in', parents).where('deleted_by', 'is not', null).execute()).map((row) => row.id),
    );
    for (const item of items)
      if ((item.goal_id !== null && deleted.has(item.goal_id)) || (item.task_id !== null && deleted.has(item.task_id)))
        await remove(trx, item.event, [{ id: item.id, kind: item.kind }]);
  };

  const react = async (trx: Trx, event: Handled): Promise<void> => {
    switch (event.type) {
      case 'GoalCreated':
      case 'TaskCreated':
      case 'SubtaskCreated':
        await created(trx, [event]);
        return;
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
    // Runs of creations together (created), everything else one at a time, in log order.
    async applyBatch(trx, events) {
      let run: Creation[] = [];
      for (const event of events) {
        if (isCreation(event)) {
          run.push(event);
          continue;
        }
        if (run.length > 0) await created(trx, run);
        run = [];
        await react(trx, event);
      }
      if (run.length > 0) await created(trx, run);
    },
  };
};
