import type { Unversioned } from '@tracker/contracts/common/events';
import type { DomainEvent } from '@tracker/contracts/events';
import { workItemDecider, type EventNames } from './work-item.ts';

export type TaskEvent = Unversioned<Extract<DomainEvent, { type: `Task${string}` | 'PointsAwarded' | 'PointsRevoked' }>>;

export const taskEventNames: EventNames = {
  kind: 'task',
  idKey: 'taskId',
  created: 'TaskCreated',
  updated: 'TaskUpdated',
  statusChanged: 'TaskStatusChanged',
  deleted: 'TaskDeleted',
};

export const taskDecider = workItemDecider<TaskEvent>(taskEventNames);
