import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import { useId } from 'react';
import { DELIBERATE_SELECT_HINT, useDeliberateSelect } from '../../../components/form/deliberate-select.ts';
import { workItemStatuses } from '../stores/goals.slice.ts';
import { statusLabels } from '../model/work-item-format.ts';
import { StatusDot } from '../../../components/status-dot/status-dot.tsx';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';

export interface StatusSelectProps {
  /** 'goal Run a marathon': the control is named 'Status of goal Run a marathon'. */
  name: string;
  status: WorkItemStatus;
  disabled: boolean;
  onCommit: (status: WorkItemStatus) => void;
}

/** A row's status control: a choice from the list applies at once; arrowing is a draft until Enter or leaving (components/form/deliberate-select.ts). */
export const StatusSelect = ({ name, status, disabled, onCommit }: StatusSelectProps) => {
  const id = useId();
  const hintId = useId();
  const { draft, props } = useDeliberateSelect(status, onCommit);
  const shown = props.value;
  const { colorOf } = useStatusSettings();
  return (
    <span className="status-select__wrap">
      <StatusDot color={colorOf(shown)} />
      <label className="visually-hidden" htmlFor={id}>
        Status of {name}
      </label>
      <select
        id={id}
        className={`status-select status-select--${shown}${draft ? ' status-select--draft' : ''}`}
        {...props}
        disabled={disabled}
        aria-describedby={draft ? hintId : undefined}
      >
        {workItemStatuses.map((option) => (
          <option key={option} value={option}>
            {statusLabels[option]}
          </option>
        ))}
      </select>
      {draft && (
        <span id={hintId} className="status-select__hint">
          {DELIBERATE_SELECT_HINT}
        </span>
      )}
    </span>
  );
};
