import type { ReactNode } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { filtersReset } from '../stores/goals.slice.ts';
import { PlusIcon } from './work-item-icons.tsx';
import './goals-empty-states.css';

/** No goals at all: what the tree is for, and the way to start it. */
export const NoGoalsYet = ({ onCreateFirst, children }: { onCreateFirst?: (() => void) | undefined; children: ReactNode }) => (
  <section className="panel empty-state" data-testid="goals-empty" aria-labelledby="goals-empty-title">
    <span className="empty-state__mark" aria-hidden="true">
      ◎
    </span>
    <h2 id="goals-empty-title" className="empty-state__title">
      No goals yet
    </h2>
    <p className="empty-state__text">{children}</p>
    <button type="button" className="button button--primary" onClick={onCreateFirst}>
      <PlusIcon />
      Create your first goal
    </button>
  </section>
);

/** Goals exist but the filters hide every one: say so, with the way back. */
export const NoGoalsShown = ({ count }: { count: number }) => {
  const dispatch = useAppDispatch();
  return (
    <section className="panel empty-state empty-state--filtered" aria-labelledby="goals-filtered-title">
      <h2 id="goals-filtered-title" className="empty-state__title">
        No goals match these filters
      </h2>
      <p className="empty-state__text">All {count} of your goals are hidden by the status and priority filters.</p>
      <button type="button" className="button button--secondary" onClick={() => dispatch(filtersReset())}>
        Show all goals
      </button>
    </section>
  );
};
