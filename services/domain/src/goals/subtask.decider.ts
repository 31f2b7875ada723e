import type { Unversioned } from '@tracker/contracts/common/events';
import type { DomainEvent } from '@tracker/contracts/events';
import { workItemDecider, type EventNames } from './work-item.ts';

export type SubtaskEvent = Unversioned<Extract<DomainEvent, { type: `Subtask${string}` | 'PointsAwarded' | 'PointsRevoked' }>>;

export const subtaskEventNames: EventNames = {
  kind: 'subtask',
  idKey: 'subtaskId',
  created: 'SubtaskCreated',
  updated: 'SubtaskUpdated',
  statusChanged: 'SubtaskStatusChanged',
  deleted: 'SubtaskDeleted',
  completed: 'SubtaskCompleted',
};

export const subtaskDecider = workItemDecider<SubtaskEvent>(subtaskEventNames);
