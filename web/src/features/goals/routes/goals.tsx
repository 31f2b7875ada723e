import { useState } from 'react';
import { useGetGoalsQuery } from '../api/goals.api.ts';
import { GoalFilters } from '../components/goal-filters.tsx';
import { deletionFocusAttribute } from '../components/focus-after-deletion.ts';
import { FocusRequestProvider } from '../components/focus-request.tsx';
import { GoalsOverview } from '../components/goals-overview.tsx';
import { NEW_GOAL_DRAFT, NewGoalForm } from '../components/new-goal-form.tsx';
import { hasDraft } from '../../../lib/forms/drafts.ts';
import { SelectionPanel } from '../components/selection-panel.tsx';
import { PlusIcon } from '../../../components/icons/icons.tsx';
import { WorkItemList } from '../components/work-item-list.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import './goals.css';

/** The goal tree: goals → tasks → subtasks, with filters, progress and the selected item's details. */
export const GoalsRoute = () => {
  // A half-typed new goal (lib/forms/drafts.ts) opens its form again after a reload.
  const [creating, setCreating] = useState(() => hasDraft(NEW_GOAL_DRAFT));
  // Filters and details mean nothing without goals: the empty state then has the page to itself.
  const { data: goals } = useGetGoalsQuery();
  const hasGoals = (goals?.length ?? 0) > 0;
  return (
    <FocusRequestProvider>
      <div className="page">
        <title>Goals · Points Tracker</title>
        <PageHeader eyebrow="Goals → tasks → subtasks" title="Goals" focusable headingData={{ [deletionFocusAttribute]: '' }}>
          <button type="button" className="button button--primary" aria-expanded={creating} onClick={() => setCreating((open) => !open)}>
            <PlusIcon />
            New goal
          </button>
        </PageHeader>
        <GoalsOverview />
        <div className={`goals-layout${hasGoals ? '' : ' goals-layout--single'}`}>
          <div className="goals-layout__main">
            {hasGoals && <GoalFilters />}
            {creating && <NewGoalForm onDone={() => setCreating(false)} />}
            <WorkItemList kind="goal" onCreateFirst={() => setCreating(true)} />
          </div>
          {hasGoals && (
            <aside className="goals-layout__aside" aria-label="Selected item">
              <SelectionPanel />
            </aside>
          )}
        </div>
      </div>
    </FocusRequestProvider>
  );
};
