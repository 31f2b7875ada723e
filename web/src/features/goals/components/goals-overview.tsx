import { useGetGoalsQuery, useGetGoalStatsQuery } from '../api/goals.api.ts';
import { pointsTotal } from '../model/work-item-format.ts';
import '../../../components/stat-tiles/stat-tiles.css';
import './goals-overview.css';

/** Counts from /goals/goals/stats and the points the goals hold; hidden until there is something to count. */
export const GoalsOverview = () => {
  const { data: stats } = useGetGoalStatsQuery();
  const { data: goals } = useGetGoalsQuery();
  if (!stats || stats.total === 0) return null;
  // A goal's history includes its tasks' and subtasks' points, so the goals' totals add up to everything.
  const points = (goals ?? []).reduce((sum, goal) => sum + pointsTotal(goal), 0);
  const cards = [
    { label: 'Goals', value: String(stats.total), note: `${stats.pending} pending` },
    { label: 'In progress', value: String(stats.inProgress), note: stats.inProgress === 1 ? 'goal under way' : 'goals under way' },
    { label: 'Completed', value: String(stats.completed), note: `${Math.round(stats.completionRate * 100)}% completion rate` },
    { label: 'Points earned', value: String(points), note: 'from goals, tasks and subtasks' },
  ];
  return (
    <section className="stat-tiles goals-overview" aria-label="Overview">
      {cards.map((card) => (
        <div key={card.label} className="stat-tile">
          <p className="stat-tile__label">{card.label}</p>
          <p className="stat-tile__value">{card.value}</p>
          <p className="stat-tile__note">{card.note}</p>
        </div>
      ))}
    </section>
  );
};
