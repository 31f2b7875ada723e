/** '+15 pts' in the points colour; a revocation as '−15 pts'. */
export const PointsBadge = ({ points }: { points: number }) => (
  <span className={`points-badge ${points < 0 ? 'tone-danger' : 'tone-points'}`}>{points > 0 ? `+${points}` : `−${Math.abs(points)}`} pts</span>
);
