import { describe, expect, it } from 'vitest';
import { filterVerdict, parentsOfMatches, type WorkItemTree } from './filter-paths.ts';
import { matchesFilters } from './goals.slice.ts';

const item = (id: string, status: 'pending' | 'in-progress' | 'completed', priority = 3) => ({ id, status, priority });
// Goal g1 → task t1 (completed) → subtask s1 (pending); goal g2 → task t2 (completed, P1); goal g3 alone.
const goals = [item('g1', 'completed'), item('g2', 'completed'), item('g3', 'completed')];
const tree: WorkItemTree = {
  tasks: [
    { ...item('t1', 'completed'), goalId: 'g1' },
    { ...item('t2', 'completed', 1), goalId: 'g2' },
  ],
  subtasks: [{ ...item('s1', 'pending'), taskId: 't1', goalId: 'g1' }],
};
const only =
  (statuses: Array<'pending' | 'in-progress' | 'completed'>, priorities = [1, 2, 3, 4, 5]) =>
  (candidate: { status: 'pending' | 'in-progress' | 'completed'; priority: number }) =>
    matchesFilters(candidate, statuses, priorities);

describe('filter paths', () => {
  it('keeps the goal and task above a matching subtask, marked as containing matches', () => {
    const matches = only(['pending']);
    const parents = parentsOfMatches(tree, matches);
    expect(filterVerdict(goals[0]!, matches, parents)).toBe('contains-match');
    expect(filterVerdict(tree.tasks[0]!, matches, parents)).toBe('contains-match');
    expect(filterVerdict(tree.subtasks[0]!, matches, parents)).toBe('match');
  });

  it('keeps the goal above a matching task, by priority too', () => {
    const matches = only(['pending', 'in-progress', 'completed'], [1]);
    const parents = parentsOfMatches(tree, matches);
    expect(filterVerdict(goals[1]!, matches, parents)).toBe('contains-match');
    expect(filterVerdict(tree.tasks[1]!, matches, parents)).toBe('match');
    expect(filterVerdict(goals[0]!, matches, parents)).toBe('hidden');
  });

  it('hides what neither matches nor leads to a match', () => {
    const matches = only(['in-progress']);
    const parents = parentsOfMatches(tree, matches);
    expect(parents.size).toBe(0);
    expect(goals.map((goal) => filterVerdict(goal, matches, parents))).toEqual(['hidden', 'hidden', 'hidden']);
  });

  it('shows a matching item as a match, whatever its children', () => {
    const matches = only(['completed']);
    expect(filterVerdict(goals[2]!, matches, parentsOfMatches(tree, matches))).toBe('match');
  });
});
