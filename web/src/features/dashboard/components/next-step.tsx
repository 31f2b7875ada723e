import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGetDailyActionablesQuery, useGetRecentActivitiesQuery, RECENT_LIMIT } from '../api/dashboard.api.ts';
import './next-step.css';

interface NextStepProps {
  testId: string;
  title: string;
  children: ReactNode;
  /** The one thing to do next: a link styled as a button. */
  action?: ReactNode;
}

/** A card with nothing to count yet: what it will show, and the one thing that fills it (instead of a row of zeros). */
const NextStep = ({ testId, title, children, action }: NextStepProps) => (
  <div className="next-step" data-testid={testId}>
    <p className="next-step__title">{title}</p>
    <p className="next-step__text">{children}</p>
    {action && <div className="next-step__action">{action}</div>}
  </div>
);

/** Whether the account has done nothing yet (no activity at all): the dashboard then says "first". Shares the Recent activity card's read. */
const useIsNewAccount = (): boolean => {
  const { data } = useGetRecentActivitiesQuery(RECENT_LIMIT);
  return data !== undefined && data.length === 0;
};

/** The start's one-tap habits for a new account; the Habits page's form for anyone else. */
const AddHabitLink = ({ first }: { first: boolean }) => (
  <Link className="button button--primary button--small" to={first ? '/start' : '/habits'}>
    {first ? 'Add your first habit' : 'Add a habit'}
  </Link>
);

/** Today's list with nothing on it: for a new account, its first habit; otherwise a quiet day, and a habit to add. */
const TodayEmpty = () => {
  const first = useIsNewAccount();
  return (
    <NextStep testId="today-empty" title={first ? 'Your list for today starts here' : 'Nothing due today'} action={<AddHabitLink first={first} />}>
      {first
        ? 'Habits show up here every day they are due, ready to tick off in one tap, and to-dos on the day of their deadline.'
        : 'No to-dos are due and no habits are scheduled today. Enjoy the quiet.'}
    </NextStep>
  );
};

/**
 * No points yet: what earns them, and the step to the first when today's list has something to
 * complete (an empty list offers its own: a first habit). Shares the Today card's read of the list.
 */
const NoPointsYet = ({ zone }: { zone: string }) => {
  const { data: daily } = useGetDailyActionablesQuery(zone);
  const hasToday = (daily?.actionables.length ?? 0) > 0;
  return (
    <NextStep
      testId="points-empty"
      title="No points yet"
      action={
        hasToday && (
          <a className="button button--primary button--small" href="#today-title">
            Complete something on today's list
          </a>
        )
      }
    >
      Points come from what you finish: a habit earns 10 the first day and more as its streak grows, a to-do 10 × its weight, and goals, tasks and subtasks by
      their priority. Your totals, week and streak of days show here from the first one.
    </NextStep>
  );
};

/** The summary of a range with nothing in it: what it counts, and a goal to set. */
const NothingInRange = () => (
  <NextStep
    testId="summary-empty"
    title="Nothing in this range yet"
    action={
      <Link className="button button--secondary button--small" to="/goals">
        Set a goal
      </Link>
    }
  >
    The goals, tasks, subtasks, to-dos and habits you create, finish or have due in the range are counted here, with the points they earned.
  </NextStep>
);

/** The dashboard's cards with nothing to count yet (empty-step.tsx loads this chunk when one is). */
const EmptyStep = ({ card, zone }: EmptyStepProps) =>
  card === 'today' ? <TodayEmpty /> : card === 'points' ? <NoPointsYet zone={zone ?? 'UTC'} /> : <NothingInRange />;

export interface EmptyStepProps {
  card: 'today' | 'points' | 'summary';
  /** The points card's: the zone of today's list it offers. */
  zone?: string;
}

export default EmptyStep;
