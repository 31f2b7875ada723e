import type { ReactNode } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { PlusIcon } from '../../../components/icons/icons.tsx';
import { EmptyState } from '../../../components/states/empty-state.tsx';
import { filtersReset } from '../stores/goals.slice.ts';

/** No goals at all: what the tree is for, and the way to start it. */
export const NoGoalsYet = ({ onCreateFirst, children }: { onCreateFirst?: (() => void) | undefined; children: ReactNode }) => (
  <EmptyState testId="goals-empty" title="No goals yet" text={children} large>
    <button type="button" className="button button--primary" onClick={onCreateFirst}>
      <PlusIcon />
      Create your first goal
    </button>
  </EmptyState>
);

/** Goals exist but the filters hide every one: say so, with the way back. */
export const NoGoalsShown = ({ count }: { count: number }) => {
  const dispatch = useAppDispatch();
  return (
    <EmptyState
      title="No goals match these filters"
      text={
        count === 1
          ? 'Your one goal is hidden by the status and priority filters.'
          : `All ${count} of your goals are hidden by the status and priority filters.`
      }
      mark={false}
      large
      filtered
    >
      <button type="button" className="button button--secondary" onClick={() => dispatch(filtersReset())}>
        Show all goals
      </button>
    </EmptyState>
  );
};
