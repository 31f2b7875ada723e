import type { Projector, ProjectedEvent } from '../projector.ts';

type Entity = 'goal' | 'task' | 'subtask';

const entityOf = (type: string): Entity | undefined =>
  type.startsWith('Subtask') ? 'subtask' : type.startsWith('Task') ? 'task' : type.startsWith('Goal') ? 'goal' : undefined;

interface Activity {
  type: string;
  entityType: string;
  entityId: string;
  title: string;
  description: string;
  points: number | null;
}

/** What a person would call it: one line per thing that happened, points included. */
const describe = (event: ProjectedEvent): Activity | undefined => {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'PointsAwarded' || event.type === 'PointsRevoked') {
    const awarded = event.type === 'PointsAwarded';
    const { source, title, points, reason } = event.data;
    return { type: awarded ? 'completed' : 'reopened', entityType: source.type, entityId: source.id, title, description: reason, points: awarded ? points : -points };
  }
  const entity = entityOf(event.type);
  if (!entity) return undefined;
  const entityId = data[`${entity}Id`] as string;
  const title = data.title as string;
  if (event.type.endsWith('Created')) return { type: 'created', entityType: entity, entityId, title, description: `Created ${entity} "${title}"`, points: null };
  if (event.type.endsWith('Deleted')) return { type: 'deleted', entityType: entity, entityId, title, description: `Deleted ${entity} "${title}"`, points: null };
  if (event.type.endsWith('StatusChanged')) {
    // Completions and reopenings are told by their points events.
    if (data.to === 'completed' || data.from === 'completed') return undefined;
    return { type: 'status_changed', entityType: entity, entityId, title, description: `Moved ${entity} "${title}" to ${String(data.to)}`, points: null };
  }
  return undefined;
};

export const activitiesProjection: Projector = {
  name: 'activities',
  handles: [
    'GoalCreated', 'GoalStatusChanged', 'GoalDeleted',
    'TaskCreated', 'TaskStatusChanged', 'TaskDeleted',
    'SubtaskCreated', 'SubtaskStatusChanged', 'SubtaskDeleted',
    'PointsAwarded', 'PointsRevoked',
  ],
  async apply(trx, event) {
    const activity = describe(event);
    if (!activity) return;
    await trx
      .insertInto('activities')
      .values({
        event_id: event.id,
        user_id: event.metadata.userId,
        type: activity.type,
        entity_type: activity.entityType,
        entity_id: activity.entityId,
        title: activity.title,
        description: activity.description,
        points: activity.points,
        occurred_at: event.metadata.occurredAt,
      })
      .execute();
  },
};
