import { useGetGoalsQuery, useGetGoalStatsQuery } from '../api/goals.api.ts';
import { pointsTotal } from '../model/work-item-format.ts';
import { StatTiles } from '../../../components/stat-tiles/stat-tiles.tsx';
import './goals-overview.css';

/** Counts from /goals/goals/stats and the points the goals hold; hidden until there is something to count. */
export const GoalsOverview = () => {
  const { data: stats } = useGetGoalStatsQuery();
  const { data: goals } = useGetGoalsQuery();
  if (!stats || stats.total === 0) return null;
  // A goal's history includes its tasks' and subtasks' points and those of the to-dos linked to it, so the goals' totals add up to everything.
  const points = (goals ?? []).reduce((sum, goal) => sum + pointsTotal(goal), 0);
  return (
    <StatTiles
      label="Overview"
      className="goals-overview"
      tiles={[
        { id: 'goals-overview-total', label: 'Goals', value: stats.total, note: `${stats.pending} pending` },
        {
          id: 'goals-overview-in-progress',
          label: 'In progress',
          value: stats.inProgress,
          note: stats.inProgress === 1 ? 'goal under way' : 'goals under way',
        },
        { id: 'goals-overview-completed', label: 'Completed', value: stats.completed, note: `${Math.round(stats.completionRate * 100)}% completion rate` },
        { id: 'goals-overview-points', label: 'Points earned', value: points, note: 'in your goals, linked to-dos included', points: true },
      ]}
    />
  );
};
