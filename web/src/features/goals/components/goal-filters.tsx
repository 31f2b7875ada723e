import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { FilterGroup } from '../../../components/check-pills/filter-group.tsx';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import {
  filtersReset,
  priorities,
  priorityFilterToggled,
  selectFiltersAreDefault,
  selectPriorityFilter,
  selectStatusFilter,
  statusFilterToggled,
  workItemStatuses,
} from '../stores/goals.slice.ts';
import { priorityNames, statusLabels } from '../model/work-item-format.ts';
import './goal-filters.css';

/**
 * Status and priority checkboxes (all on by default); they filter goals, tasks and subtasks alike. On a
 * phone they fold behind a 'Filters' button, so the first screen shows goals rather than checkboxes.
 */
export const GoalFilters = () => {
  const dispatch = useAppDispatch();
  const statusFilter = useAppSelector(selectStatusFilter);
  const priorityFilter = useAppSelector(selectPriorityFilter);
  const allShown = useAppSelector(selectFiltersAreDefault);
  const { orderStatuses } = useStatusSettings();
  const [open, setOpen] = useState(false);
  return (
    <div className={`filters${open ? ' filters--open' : ''}`} role="group" aria-label="Filters">
      <button type="button" className="button button--small button--ghost filters__toggle" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        Filters
        <span className="filters__summary">{allShown ? 'showing all' : 'some hidden'}</span>
      </button>
      <FilterGroup legend="Status" className="filters__group">
        {orderStatuses(workItemStatuses).map((status) => (
          <label key={status} className="check-pill check-chip">
            <input type="checkbox" checked={statusFilter.includes(status)} onChange={() => dispatch(statusFilterToggled(status))} />
            {statusLabels[status]}
          </label>
        ))}
      </FilterGroup>
      <FilterGroup legend="Priority" className="filters__group">
        {priorities.map((priority) => (
          <label key={priority} className="check-pill check-chip" title={priorityNames[priority]}>
            <input type="checkbox" checked={priorityFilter.includes(priority)} onChange={() => dispatch(priorityFilterToggled(priority))} />
            <span className="visually-hidden">Priority {priority}</span>
            <span aria-hidden="true">P{priority}</span>
          </label>
        ))}
      </FilterGroup>
      {!allShown && (
        <button type="button" className="button button--small button--ghost filters__reset" onClick={() => dispatch(filtersReset())}>
          Reset filters
        </button>
      )}
    </div>
  );
};
