import { defineProjector, type ProjectedEvent } from '../projector.ts';
import type { NewRow } from '../db.ts';
import { insertRows } from '../json-rows.ts';

type ItemEvent = ProjectedEvent<
  | 'GoalCreated'
  | 'GoalStatusChanged'
  | 'GoalDeleted'
  | 'TaskCreated'
  | 'TaskStatusChanged'
  | 'TaskDeleted'
  | 'SubtaskCreated'
  | 'SubtaskStatusChanged'
  | 'SubtaskDeleted'
>;
type ActionableEvent = ProjectedEvent<'ActionableCreated' | 'ActionableStatusChanged' | 'ActionableDeleted'>;
type PointsEvent = ProjectedEvent<'PointsAwarded' | 'PointsRevoked'>;
/** What happened, as a person would tell it; who and when come from the event's envelope. */
type Activity = Omit<NewRow<'activities'>, 'event_id' | 'user_id' | 'occurred_at'>;

const itemOf = (event: ItemEvent) => {
  switch (event.type) {
    case 'GoalCreated':
    case 'GoalStatusChanged':
    case 'GoalDeleted':
      return { entity: 'goal', id: event.data.goalId };
    case 'TaskCreated':
    case 'TaskStatusChanged':
    case 'TaskDeleted':
      return { entity: 'task', id: event.data.taskId };
    default:
      return { entity: 'subtask', id: event.data.subtaskId };
  }
};

const describeItemEvent = (event: ItemEvent): Activity | undefined => {
  const { entity, id } = itemOf(event);
  const { title } = event.data;
  const about = { entity_type: entity, entity_id: id, title, points: null };
  switch (event.type) {
    case 'GoalCreated':
    case 'TaskCreated':
    case 'SubtaskCreated':
      return { ...about, type: 'created', description: `Created ${entity} "${title}"` };
    case 'GoalDeleted':
    case 'TaskDeleted':
    case 'SubtaskDeleted':
      return { ...about, type: 'deleted', description: `Deleted ${entity} "${title}"` };
    default: {
      const { from, to } = event.data;
      // Completions and reopenings are told by their points events.
      if (to === 'completed' || from === 'completed') return undefined;
      return { ...about, type: 'status_changed', description: `Moved ${entity} "${title}" to ${to}` };
    }
  }
};

/**
 * Actionables and habits alike (a habit is an actionable): created, moved, deleted. Imported items
 * are left out (an import of hundreds would bury everything else); completions are told by points.
 */
const describeActionableEvent = (event: ActionableEvent): Activity | undefined => {
  const { actionableId, title } = event.data;
  const about = { entity_type: 'actionable', entity_id: actionableId, title, points: null };
  switch (event.type) {
    case 'ActionableCreated': {
      if (event.data.imported) return undefined;
      // A habit's line names it a habit, as its points' lines do (entity_type 'habit'; its stream is still actionable-).
      const kind = event.data.isHabit ? 'habit' : 'actionable';
      return { ...about, entity_type: kind, type: 'created', description: `Created ${kind} "${title}"` };
    }
    case 'ActionableDeleted':
      return { ...about, type: 'deleted', description: `Deleted actionable "${title}"` };
    case 'ActionableStatusChanged': {
      const { from, to } = event.data;
      if (to === 'completed' || from === 'completed') return undefined;
      return { ...about, type: 'status_changed', description: `Moved actionable "${title}" to ${to}` };
    }
  }
};

const activityOf = (event: ItemEvent | ActionableEvent | PointsEvent): Activity | undefined => {
  switch (event.type) {
    case 'PointsAwarded':
    case 'PointsRevoked':
      return describePointsEvent(event);
    case 'ActionableCreated':
    case 'ActionableStatusChanged':
    case 'ActionableDeleted':
      return describeActionableEvent(event);
    default:
      return describeItemEvent(event);
  }
};

const describePointsEvent = (event: PointsEvent): Activity => {
  const awarded = event.type === 'PointsAwarded';
  const { source, title, points, reason } = event.data;
  return {
    // A habit's points are revoked only when a completion is taken back (a habit is never reopened).
    type: awarded ? 'completed' : source.type === 'habit' ? 'taken_back' : 'reopened',
    entity_type: source.type,
    entity_id: source.id,
    title,
    description: reason,
    points: awarded ? points : -points,
  };
};

/** activities: one line per thing that happened, points included. */
export const activitiesProjection = defineProjector({
  name: 'activities',
  handles: [
    'GoalCreated',
    'GoalStatusChanged',
    'GoalDeleted',
    'TaskCreated',
    'TaskStatusChanged',
    'TaskDeleted',
    'SubtaskCreated',
    'SubtaskStatusChanged',
    'SubtaskDeleted',
    'ActionableCreated',
    'ActionableStatusChanged',
    'ActionableDeleted',
    'PointsAwarded',
    'PointsRevoked',
  ],
  async apply(trx, event) {
    await this.applyBatch!(trx, [event]);
  },
  // One row per event that tells something: a batch's rows in one insert.
  async applyBatch(trx, events) {
    const rows = events.flatMap((event) => {
      const activity = activityOf(event);
      // Every column named (points null where an activity has none): one JSON insert, not VALUES (json-rows.ts).
      return activity ? [{ points: null, ...activity, event_id: event.id, user_id: event.metadata.userId, occurred_at: event.metadata.occurredAt }] : [];
    });
    if (rows.length > 0) await insertRows(trx, 'activities', rows).execute();
  },
});
