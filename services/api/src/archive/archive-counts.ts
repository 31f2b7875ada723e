import type { ArchiveCounts } from '@tracker/contracts/archive/http';
import { categoryOf } from '@tracker/contracts/streams';

/** An event as the counts need it: its stream, type and payload. */
interface Counted {
  stream: string;
  type: string;
  data: unknown;
}

const field = (data: unknown, name: string): unknown => (data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined);

/** What an archive holds, counted from its events: items by their streams, habits by their creation, points awarded less revoked. */
export const countsOf = (events: readonly Counted[]): ArchiveCounts => {
  const counts: ArchiveCounts = { events: events.length, streams: 0, goals: 0, tasks: 0, subtasks: 0, actionables: 0, habits: 0, freezes: 0, points: 0 };
  const streams = new Set<string>();
  for (const event of events) {
    streams.add(event.stream);
    const category = categoryOf(event.stream);
    switch (event.type) {
      case 'GoalCreated':
      case 'TaskCreated':
      case 'SubtaskCreated':
        if (category === 'goal' || category === 'task' || category === 'subtask') counts[`${category}s`] += 1;
        break;
      case 'ActionableCreated':
        if (field(event.data, 'isHabit') === true) counts.habits += 1;
        else counts.actionables += 1;
        break;
      case 'HabitsFrozen':
        counts.freezes += 1;
        break;
      case 'PointsAwarded':
      case 'PointsRevoked': {
        const points = field(event.data, 'points');
        if (typeof points === 'number') counts.points += event.type === 'PointsAwarded' ? points : -points;
        break;
      }
    }
  }
  counts.streams = streams.size;
  return counts;
};
