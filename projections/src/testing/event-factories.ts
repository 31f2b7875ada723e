import type { DomainEventType, EventOf } from '@tracker/contracts/events';
import { localDateOf } from '@tracker/domain/time/local-date';
import { projectedEvent, type EventContext } from './projector-spec.ts';

// Events for projector specs, one factory per event type. Each takes who and when first; then the
// fields the case is about (those named in Given are required), the rest being plain defaults.
type DataOf<T extends DomainEventType> = EventOf<T>['data'];
type Given<T extends DomainEventType, Required extends keyof DataOf<T>> = Pick<DataOf<T>, Required> & Partial<DataOf<T>>;

const newItem = (by: EventContext, title: string) => ({
  userId: by.userId,
  title,
  description: '',
  priority: 3,
  dueDate: null,
  startDate: null,
  endDate: null,
});
const statusChange = (title: string) => ({ from: 'pending', to: 'in-progress', title }) as const;

export const goalCreated = (by: EventContext, data: Given<'GoalCreated', 'goalId'>) => projectedEvent('GoalCreated', { ...newItem(by, 'Goal'), ...data }, by);
export const goalUpdated = (by: EventContext, data: DataOf<'GoalUpdated'>) => projectedEvent('GoalUpdated', data, by);
export const goalStatusChanged = (by: EventContext, data: Given<'GoalStatusChanged', 'goalId'>) =>
  projectedEvent('GoalStatusChanged', { ...statusChange('Goal'), ...data }, by);
export const goalDeleted = (by: EventContext, data: Given<'GoalDeleted', 'goalId'>) => projectedEvent('GoalDeleted', { title: 'Goal', ...data }, by);

export const taskCreated = (by: EventContext, data: Given<'TaskCreated', 'taskId' | 'goalId'>) =>
  projectedEvent('TaskCreated', { ...newItem(by, 'Task'), ...data }, by);
export const taskUpdated = (by: EventContext, data: DataOf<'TaskUpdated'>) => projectedEvent('TaskUpdated', data, by);
export const taskStatusChanged = (by: EventContext, data: Given<'TaskStatusChanged', 'taskId'>) =>
  projectedEvent('TaskStatusChanged', { ...statusChange('Task'), ...data }, by);
export const taskDeleted = (by: EventContext, data: Given<'TaskDeleted', 'taskId'>) => projectedEvent('TaskDeleted', { title: 'Task', ...data }, by);

export const subtaskCompleted = (by: EventContext, data: DataOf<'SubtaskCompleted'>) => projectedEvent('SubtaskCompleted', data, by);
export const subtaskCreated = (by: EventContext, data: Given<'SubtaskCreated', 'subtaskId' | 'taskId' | 'goalId'>) =>
  projectedEvent('SubtaskCreated', { ...newItem(by, 'Subtask'), ...data }, by);
export const subtaskUpdated = (by: EventContext, data: DataOf<'SubtaskUpdated'>) => projectedEvent('SubtaskUpdated', data, by);
export const subtaskStatusChanged = (by: EventContext, data: Given<'SubtaskStatusChanged', 'subtaskId'>) =>
  projectedEvent('SubtaskStatusChanged', { ...statusChange('Subtask'), ...data }, by);
export const subtaskDeleted = (by: EventContext, data: Given<'SubtaskDeleted', 'subtaskId'>) =>
  projectedEvent('SubtaskDeleted', { title: 'Subtask', ...data }, by);

type PointsData = Given<'PointsAwarded', 'points' | 'source'>;
// Without a receipt (as awards before receipts were recorded) unless the test gives one.
export const pointsAwarded = (by: EventContext, data: PointsData) =>
  projectedEvent('PointsAwarded', { userId: by.userId, rulesVersion: 1, reason: 'Completed', hierarchy: {}, title: 'Item', receipt: null, ...data }, by);
export const pointsRevoked = (by: EventContext, { rulesVersion: _, receipt: __, ...data }: PointsData) =>
  projectedEvent('PointsRevoked', { userId: by.userId, reason: 'Reopened', hierarchy: {}, title: 'Item', revokes: null, ...data }, by);

export const emailReserved = (by: EventContext) => projectedEvent('EmailReserved', { userId: by.userId, email: `${by.userId}@example.com` }, by);
export const userRegistered = (by: EventContext, data: Partial<DataOf<'UserRegistered'>> = {}) =>
  projectedEvent(
    'UserRegistered',
    {
      userId: by.userId,
      name: 'Ada',
      email: `${by.userId}@example.com`,
      passwordHash: 'hash',
      role: 'user',
      timezone: 'Europe/Paris',
      subscriptionStatus: 'inactive',
      ...data,
    },
    by,
  );
export const userLoggedIn = (by: EventContext) => projectedEvent('UserLoggedIn', { userId: by.userId, via: 'password' }, by);
export const userProfileUpdated = (by: EventContext, data: Omit<DataOf<'UserProfileUpdated'>, 'userId'>) =>
  projectedEvent('UserProfileUpdated', { userId: by.userId, ...data }, by);
export const passwordChanged = (by: EventContext) => projectedEvent('PasswordChanged', { userId: by.userId, passwordHash: 'new-hash', via: 'profile' }, by);
export const passwordResetRequested = (by: EventContext) =>
  projectedEvent('PasswordResetRequested', { userId: by.userId, tokenHash: 'token-hash', expiresAt: by.at }, by);
export const emailVerified = (by: EventContext) => projectedEvent('EmailVerified', { userId: by.userId, tokenHash: 'token-hash' }, by);

const newActionable = (by: EventContext) => ({
  userId: by.userId,
  title: 'Actionable',
  description: '',
  weight: 1,
  deadline: null,
  isHabit: false,
  active: true,
  reminderTime: null,
  pointsToBeAwarded: 0,
  recurrence: { frequency: 'daily' as const },
  goalId: null,
  taskId: null,
  subtaskId: null,
});
/** When and where a completion happened: the context's instant, zone (UTC unless told) and local date there. */
const completionAt = (by: EventContext) => {
  const timezone = by.timezone ?? 'UTC';
  return { completedAt: by.at, timezone, localDate: by.localDate ?? localDateOf(new Date(by.at), timezone) };
};

export const actionableCreated = (by: EventContext, data: Given<'ActionableCreated', 'actionableId'>) =>
  projectedEvent('ActionableCreated', { ...newActionable(by), ...data }, by);
/** An import of items (each given by id and what differs from the defaults), with no history to speak of. */
export const actionablesImported = (by: EventContext, importId: string, items: Array<Given<'ActionableCreated', 'actionableId'>>) =>
  projectedEvent(
    'ActionablesImported',
    {
      importId,
      userId: by.userId,
      fingerprint: '0'.repeat(64),
      items: items.map((item) => ({
        ...newActionable(by),
        imported: { status: 'pending' as const, completedAt: null, lastCompletedAt: null, streak: 0, lastCredited: null },
        ...item,
      })),
    },
    by,
  );
export const actionableUpdated = (by: EventContext, data: DataOf<'ActionableUpdated'>) => projectedEvent('ActionableUpdated', data, by);
export const actionableStatusChanged = (by: EventContext, data: Given<'ActionableStatusChanged', 'actionableId' | 'from' | 'to'>) =>
  projectedEvent('ActionableStatusChanged', { title: 'Actionable', ...data }, by);
export const actionableCompleted = (by: EventContext, data: Given<'ActionableCompleted', 'actionableId'>) =>
  projectedEvent('ActionableCompleted', { title: 'Actionable', ...completionAt(by), late: false, ...data }, by);
export const actionableDeleted = (by: EventContext, data: Given<'ActionableDeleted', 'actionableId'>) =>
  projectedEvent('ActionableDeleted', { title: 'Actionable', ...data }, by);
export const habitCompleted = (by: EventContext, data: Given<'HabitCompleted', 'actionableId'>) => {
  const at = completionAt(by);
  return projectedEvent('HabitCompleted', { title: 'Habit', ...at, occurrence: at.localDate, ...data }, by);
};
export const habitStreakExtended = (by: EventContext, data: DataOf<'HabitStreakExtended'>) => projectedEvent('HabitStreakExtended', data, by);
export const habitStreakReset = (by: EventContext, data: Given<'HabitStreakReset', 'actionableId' | 'occurrence'>) =>
  projectedEvent('HabitStreakReset', { lastCredited: null, previousStreak: 0, ...data }, by);
export const habitCreditsRecounted = (by: EventContext, data: Given<'HabitCreditsRecounted', 'actionableId' | 'recounted' | 'current'>) =>
  projectedEvent('HabitCreditsRecounted', { previous: [], ...data }, by);
export const habitCompletionUndone = (by: EventContext, data: Given<'HabitCompletionUndone', 'actionableId' | 'occurrence' | 'current'>) =>
  projectedEvent('HabitCompletionUndone', { title: 'Habit', restored: [], lastCompletedAt: null, ...data }, by);
export const habitsFrozen = (by: EventContext, data: Given<'HabitsFrozen', 'freezeId' | 'from' | 'to'>) =>
  projectedEvent('HabitsFrozen', { userId: by.userId, habitId: null, ...data }, by);
export const habitFreezeCancelled = (by: EventContext, data: Given<'HabitFreezeCancelled', 'freezeId'>) =>
  projectedEvent('HabitFreezeCancelled', { userId: by.userId, ...data }, by);
