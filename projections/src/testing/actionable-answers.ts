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
