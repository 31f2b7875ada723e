import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
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
      <fieldset className="filters__group">
        <legend className="filters__legend">Status</legend>
        <div className="filters__options">
          {orderStatuses(workItemStatuses).map((status) => (
            <label key={status} className={`check-chip check-chip--${status}`}>
              <input type="checkbox" checked={statusFilter.includes(status)} onChange={() => dispatch(statusFilterToggled(status))} />
              {statusLabels[status]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="filters__group">
        <legend className="filters__legend">Priority</legend>
        <div className="filters__options">
          {priorities.map((priority) => (
            <label key={priority} className="check-chip" title={priorityNames[priority]}>
              <input type="checkbox" checked={priorityFilter.includes(priority)} onChange={() => dispatch(priorityFilterToggled(priority))} />
              <span className="visually-hidden">Priority {priority}</span>
              <span aria-hidden="true">P{priority}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {!allShown && (
        <button type="button" className="button button--small button--ghost filters__reset" onClick={() => dispatch(filtersReset())}>
          Reset filters
        </button>
      )}
    </div>
  );
};
