import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGetRecentActivitiesQuery, RECENT_LIMIT } from '../api/dashboard.api.ts';
import './next-step.css';

export interface NextStepProps {
  testId: string;
  title: string;
  children: ReactNode;
  /** The one thing to do next: a link styled as a button. */
  action?: ReactNode;
}

/** A card with nothing to count yet: what it will show, and the one thing that fills it (instead of a row of zeros). */
export const NextStep = ({ testId, title, children, action }: NextStepProps) => (
  <div className="next-step" data-testid={testId}>
    <p className="next-step__title">{title}</p>
    <p className="next-step__text">{children}</p>
    {action && <div className="next-step__action">{action}</div>}
  </div>
);

/** Whether the account has done nothing yet (no activity at all): the dashboard then says "first". Shares the Recent activity card's read. */
export const useIsNewAccount = (): boolean => {
  const { data } = useGetRecentActivitiesQuery(RECENT_LIMIT);
  return data !== undefined && data.length === 0;
};

/** The start's one-tap habits for a new account; the Habits page's form for anyone else. */
export const AddHabitLink = ({ first }: { first: boolean }) => (
  <Link className="button button--primary button--small" to={first ? '/start' : '/habits'}>
    {first ? 'Add your first habit' : 'Add a habit'}
  </Link>
);

/** Today's list with nothing on it: for a new account, its first habit; otherwise a quiet day, and a habit to add. */
export const TodayEmpty = () => {
  const first = useIsNewAccount();
  return (
    <NextStep testId="today-empty" title={first ? 'Your list for today starts here' : 'Nothing due today'} action={<AddHabitLink first={first} />}>
      {first
        ? 'Habits show up here every day they are due, ready to tick off in one tap, and to-dos on the day of their deadline.'
        : 'No to-dos are due and no habits are scheduled today. Enjoy the quiet.'}
    </NextStep>
  );
};
