import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { workItemStatuses } from '../stores/goals.slice.ts';
import { statusLabels } from './work-item-format.ts';
import { statusSelectStep, type StatusSelectEvent } from './status-select-intent.ts';

export interface StatusSelectProps {
  /** 'goal Run a marathon': the control is named 'Status of goal Run a marathon'. */
  name: string;
  status: WorkItemStatus;
  disabled: boolean;
  onCommit: (status: WorkItemStatus) => void;
}

/** Keys that only move focus or modify: they never change the select's value. */
const inertKeys = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta']);

/** A row's status control: a choice from the list applies at once; arrowing is a draft until Enter or leaving (status-select-intent.ts). */
export const StatusSelect = ({ name, status, disabled, onCommit }: StatusSelectProps) => {
  const id = useId();
  const hintId = useId();
  const [draft, setDraft] = useState<WorkItemStatus | null>(null);
  // Set by a key press, cleared after the change event it may cause (dispatched in the same task).
  const keyed = useRef(false);
  const step = (event: StatusSelectEvent) => {
    const next = statusSelectStep(status, draft, event);
    setDraft(next.draft);
    if (next.commit) onCommit(next.commit);
  };
  const keyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      if (draft !== null) event.preventDefault();
      step({ type: 'confirmed' });
    } else if (event.key === 'Escape') {
      if (draft !== null) event.preventDefault();
      step({ type: 'reverted' });
    } else if (!inertKeys.has(event.key)) {
      keyed.current = true;
      window.setTimeout(() => (keyed.current = false), 0);
    }
  };
  const shown = draft ?? status;
  return (
    <span className="status-select__wrap">
      <label className="visually-hidden" htmlFor={id}>
        Status of {name}
      </label>
      <select
        id={id}
        className={`status-select status-select--${shown}${draft ? ' status-select--draft' : ''}`}
        value={shown}
        disabled={disabled}
        aria-describedby={draft ? hintId : undefined}
        onKeyDown={keyDown}
        onChange={(event) => step({ type: 'picked', status: event.target.value as WorkItemStatus, byKeyboard: keyed.current })}
        onBlur={() => step({ type: 'left' })}
      >
        {workItemStatuses.map((option) => (
          <option key={option} value={option}>
            {statusLabels[option]}
          </option>
        ))}
      </select>
      {draft && (
        <span id={hintId} className="status-select__hint">
          Enter to apply, Esc to undo
        </span>
      )}
    </span>
  );
};
