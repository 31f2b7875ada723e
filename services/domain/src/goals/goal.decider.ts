import type { Unversioned } from '@tracker/contracts/common/events';
import type { DomainEvent } from '@tracker/contracts/events';
import { workItemDecider, type EventNames } from './work-item.ts';

export type GoalEvent = Unversioned<Extract<DomainEvent, { type: `Goal${string}` | 'PointsAwarded' | 'PointsRevoked' }>>;

export const goalEventNames: EventNames = {
  kind: 'goal',
  idKey: 'goalId',
  created: 'GoalCreated',
  updated: 'GoalUpdated',
  statusChanged: 'GoalStatusChanged',
  deleted: 'GoalDeleted',
};

export const goalDecider = workItemDecider<GoalEvent>(goalEventNames);
