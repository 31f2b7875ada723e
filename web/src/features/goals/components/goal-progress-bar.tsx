import type { GoalProgress } from '@tracker/contracts/goals/http';
import { progressView } from '../model/goal-progress.ts';
import './goal-progress-bar.css';

/** A goal's share of finished tasks and subtasks, under its row; it says so when a completed goal still has open ones. */
export const GoalProgressBar = ({ title, progress }: { title: string; progress: GoalProgress }) => {
  const { percent, counts, note } = progressView(progress);
  return (
    <div className="goal-progress">
      <progress className="goal-progress__bar" max={100} value={percent} aria-label={`Progress of goal ${title}`} />
      <span className="goal-progress__value" data-testid={`goal-progress-${progress.goalId}`}>
        {percent}%
      </span>
      <span className="goal-progress__counts">{counts}</span>
      {note && (
        <span className="goal-progress__note" data-testid={`goal-progress-note-${progress.goalId}`}>
          {note}
        </span>
      )}
    </div>
  );
};
