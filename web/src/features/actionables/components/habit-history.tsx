import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { weekdayNames, type HistoryDay } from '../model/habit-schedule.ts';
import './habit-history.css';

const stateLabels: Record<HistoryDay['state'], string> = {
  done: 'done',
  missed: 'missed',
  due: 'due, not done yet',
  unknown: 'scheduled, no record',
  off: 'not scheduled',
  future: 'still to come',
};

/** The last weeks of a habit as dots, a week a row (Sunday first); each dot names its day and state. */
export const HabitHistory = ({ title, days, testId }: { title: string; days: HistoryDay[]; testId: string }) => {
  const weeks = Math.ceil(days.length / 7);
  const done = days.filter((day) => day.state === 'done').length;
  const missed = days.filter((day) => day.state === 'missed').length;
  return (
    <figure className="habit-history" data-testid={testId}>
      <div className="habit-history__grid" role="img" aria-label={`${title}, last ${weeks} weeks: ${done} done, ${missed} missed`}>
        {weekdayNames.map((name) => (
          <span key={name} className="habit-history__weekday" aria-hidden="true">
            {name[0]}
          </span>
        ))}
        {days.map((day) => (
          <span
            key={day.date}
            className={`habit-history__dot habit-history__dot--${day.state}`}
            title={`${formatLocalDate(day.date)}: ${stateLabels[day.state]}`}
            data-state={day.state}
          />
        ))}
      </div>
      <figcaption className="habit-history__legend">
        <span className="habit-history__key habit-history__key--done">Done</span>
        <span className="habit-history__key habit-history__key--missed">Missed</span>
        <span className="habit-history__key habit-history__key--due">Due</span>
        <span className="habit-history__key habit-history__key--unknown">No record</span>
      </figcaption>
    </figure>
  );
};
