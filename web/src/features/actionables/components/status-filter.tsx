import type { ActionableStatus } from '@tracker/contracts/actionables/http';
import { FilterGroup } from '../../../components/check-pills/filter-group.tsx';
import { StatusDot } from '../../../components/status-dot/status-dot.tsx';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import { actionableStatuses, statusLabels } from '../model/actionable-format.ts';
import './status-filter.css';

/** spec.md §4: the default filter includes all four statuses. */
export const allStatuses: readonly ActionableStatus[] = actionableStatuses;

export const toggledStatus = (selected: readonly ActionableStatus[], status: ActionableStatus): ActionableStatus[] =>
  selected.includes(status) ? selected.filter((s) => s !== status) : actionableStatuses.filter((s) => s === status || selected.includes(s));

/** Status checkboxes, all on by default, in the order of the user's status settings. */
export const StatusFilter = ({ selected, onChange }: { selected: readonly ActionableStatus[]; onChange: (selected: ActionableStatus[]) => void }) => {
  const { orderStatuses, isVisible, colorOf } = useStatusSettings();
  return (
    <FilterGroup
      legend="Status"
      after={
        selected.length < actionableStatuses.length && (
          <button type="button" className="button button--small button--ghost" onClick={() => onChange([...actionableStatuses])}>
            Show all statuses
          </button>
        )
      }
    >
      {orderStatuses(actionableStatuses).map((status) => (
        <label key={status} className="check-pill">
          <input type="checkbox" checked={selected.includes(status)} onChange={() => onChange(toggledStatus(selected, status))} />
          <StatusDot color={colorOf(status)} />
          {statusLabels[status]}
          {/* Ticking it shows nothing while the settings hide the status: say so. */}
          {!isVisible(status) && <span className="status-filter__note">(hidden in settings)</span>}
        </label>
      ))}
    </FilterGroup>
  );
};
