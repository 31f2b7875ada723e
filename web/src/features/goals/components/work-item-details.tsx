import { formatDay, formatMoment, pointsTotal, type WorkItem } from '../model/work-item-format.ts';
import './work-item-details.css';

/** Description, dates and the points history of one item: a subtask's expanded body and the details panel. */
export const WorkItemDetails = ({ item }: { item: WorkItem }) => {
  const dates: Array<[string, string | undefined]> = [
    ['Due', formatDay(item.dueDate)],
    ['Start', formatDay(item.startDate)],
    ['End', formatDay(item.endDate)],
    ['Completed', formatMoment(item.completedAt)],
    ['Created', formatMoment(item.createdAt)],
  ];
  const total = pointsTotal(item);
  return (
    <div className="details">
      {item.description ? <p className="details__description">{item.description}</p> : <p className="details__muted">No description.</p>}
      <dl className="details__dates">
        {dates
          .filter((entry): entry is [string, string] => entry[1] !== undefined)
          .map(([label, value]) => (
            <div key={label} className="details__date">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <div className="details__points">
        <p className="details__points-title">
          Points <span className={`details__points-total${total > 0 ? ' details__points-total--earned' : ''}`}>{total}</span>
        </p>
        {item.pointsHistory.length === 0 ? (
          <p className="details__muted">None yet: completing it earns points.</p>
        ) : (
          <ol className="points-history">
            {[...item.pointsHistory].reverse().map((entry) => (
              <li key={`${entry.timestamp}-${entry.reason}-${entry.points}`} className="points-history__entry">
                <span className={`points-history__points${entry.points < 0 ? ' points-history__points--revoked' : ''}`}>
                  {entry.points > 0 ? `+${entry.points}` : `−${Math.abs(entry.points)}`}
                </span>
                <span className="points-history__reason">{entry.reason}</span>
                <time className="points-history__time" dateTime={entry.timestamp}>
                  {formatMoment(entry.timestamp)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
};
