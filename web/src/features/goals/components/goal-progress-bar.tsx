import type { GoalProgress } from '@tracker/contracts/goals/http';
import './goal-progress-bar.css';

/** A goal's share of finished tasks, under its row. */
export const GoalProgressBar = ({ title, progress }: { title: string; progress: GoalProgress }) => {
  const percent = Math.round(progress.progress * 100);
  const { tasks, subtasks } = progress;
  return (
    <div className="goal-progress">
      <progress className="goal-progress__bar" max={100} value={percent} aria-label={`Progress of goal ${title}`} />
      <span className="goal-progress__value" data-testid={`goal-progress-${progress.goalId}`}>
        {percent}%
      </span>
      <span className="goal-progress__counts">
        {tasks.total === 0
          ? 'No tasks yet'
          : `${tasks.completed} of ${tasks.total} tasks${subtasks.total > 0 ? ` · ${subtasks.completed} of ${subtasks.total} subtasks` : ''}`}
      </span>
    </div>
  );
};
