/**
 * An actionable's answer in every field a plain creation leaves to the defaults (spec.md §3) and
 * nothing has changed since: what the read model answers and what the API returns alike.
 */
export const untouchedActionable = {
  description: '',
  weight: 1,
  deadline: null,
  completedAt: null,
  goalId: null,
  taskId: null,
  subtaskId: null,
  isHabit: false,
  streak: 0,
  lastCompletedAt: null,
  active: true,
  reminderTime: null,
  pointsAwarded: 0,
  pointsToBeAwarded: 0,
  recurrence: { frequency: 'daily', days: [], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null },
  status: 'pending',
  startDate: null,
  habitToday: null,
};

/** The stats of a user with no actionables. */
export const emptyActionableStats = {
  total: 0,
  pending: 0,
  inProgress: 0,
  completed: 0,
  notApproached: 0,
  completionRate: 0,
  totalPoints: 0,
  activeHabits: 0,
  longestStreak: 0,
};
