import { PRIMARY_ACTION } from '../../lib/focus/use-focus-after-change.ts';
import type { ReactNode, Ref } from 'react';
import { CheckIcon, EditIcon, TrashIcon } from '../icons/icons.tsx';
import './item-actions.css';

interface ItemActionsProps {
  /** The item's name, for the buttons' accessible names ('Edit Read a book'). */
  name: string;
  /** The layout class of the bar in its card or row. */
  className?: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Whether an inline editor is open (Edit then says so); leave out when Edit opens a dialog. */
  editing?: boolean;
  editButton?: Ref<HTMLButtonElement>;
  /** Edit and Delete show only their icons on narrow screens (their names stay). */
  iconsOnNarrow?: boolean;
  /** The item's own actions before Edit and Delete: complete, revert, a status. */
  children?: ReactNode;
}

/** The action bar of a goal, task, subtask, actionable or habit: its own actions, then Edit and Delete. */
export const ItemActions = ({ name, className, onEdit, onDelete, editing, editButton, iconsOnNarrow = false, children }: ItemActionsProps) => (
  <div className={`item-actions${iconsOnNarrow ? ' item-actions--icons-on-narrow' : ''}${className ? ` ${className}` : ''}`}>
    {children}
    <button type="button" className="button button--small button--ghost" ref={editButton} aria-expanded={editing} onClick={onEdit} aria-label={`Edit ${name}`}>
      <EditIcon />
      <span className="item-actions__text">Edit</span>
    </button>
    <button type="button" className="button button--small button--ghost button--danger-ghost" onClick={onDelete} aria-label={`Delete ${name}`}>
      <TrashIcon />
      <span className="item-actions__text">Delete</span>
    </button>
  </div>
);

/** Complete an item: a spinner while the call is out. */
/**
 * `unavailableBecause`: the id of what says why there is nothing to complete now (a habit not scheduled
 * today): the button stays, focusable with its reason read with it, and does nothing.
 */
export const CompleteButton = ({
  name,
  busy,
  onComplete,
  unavailableBecause,
}: {
  name: string;
  busy: boolean;
  onComplete: () => void;
  unavailableBecause?: string;
}) => (
  <button
    type="button"
    className="button button--small button--success"
    onClick={unavailableBecause ? undefined : onComplete}
    disabled={busy}
    aria-disabled={unavailableBecause ? true : undefined}
    aria-describedby={unavailableBecause}
    aria-label={`Complete ${name}`}
    // The control a row's focus goes back to when an action replaced the one pressed (lib/focus).
    {...{ [PRIMARY_ACTION]: '' }}
  >
    {busy ? <span className="spinner" aria-hidden="true" /> : <CheckIcon />}
    Complete
  </button>
);
