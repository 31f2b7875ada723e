/** One-tap first habits: small, daily, done in minutes (the start creates them as daily habits). */
export const habitSuggestions = ['Drink water', 'Read 10 pages', 'Walk 20 minutes', 'Stretch 5 minutes'] as const;

/** One-tap first goals: something a few tasks can carry. */
export const goalSuggestions = ['Run a 5K', 'Read 12 books this year', 'Learn to cook 5 new dishes'] as const;

/** What the start sends: each title trimmed, an empty one left out. */
export interface StartChoice {
  habit: string;
  goal: string;
}

export const startRequests = ({ habit, goal }: StartChoice): { habit?: string; goal?: string } => ({
  ...(habit.trim() ? { habit: habit.trim() } : {}),
  ...(goal.trim() ? { goal: goal.trim() } : {}),
});
