import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import type { ReactNode, Ref } from 'react';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { CalendarIcon, ChevronIcon, StarIcon } from '../../../components/icons/icons.tsx';
import { CompleteButton, ItemActions } from '../../../components/item-actions/item-actions.tsx';
import { chipClass, DoneMark } from '../../../components/item-facts/item-facts.tsx';
import { formatDay, headingTags, isOverdue, itemName, pointsTotal, priorityLabel, priorityTone, type WorkItem } from '../model/work-item-format.ts';
import { StatusSelect } from './status-select.tsx';
import './work-item-row.css';

export interface WorkItemRowProps {
  kind: WorkItemKind;
  item: WorkItem;
  /** The id of the element the Expand button shows. */
  bodyId: string;
  expanded: boolean;
  selected: boolean;
  /** The title button, which selects the item; it takes the focus after the item is created. */
  titleRef?: Ref<HTMLButtonElement> | undefined;
  /** Shown only as the way to a filter match below it. */
  containsMatch: boolean;
  /** A status change or completion is on its way: the controls wait for it. */
  busy: boolean;
  /** Under the facts, across the row, e.g. a goal's progress bar. */
  footer?: ReactNode;
  onToggleExpanded: () => void;
  onSelect: () => void;
  onStatusChange: (status: WorkItemStatus) => void;
  onComplete: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One row of the tree, the same at every level: expand, the title (selects), facts, and the actions.
 * Several rows are on screen at once, so every control's name includes the item's kind and title
 * ('Complete subtask Buy shoes') while its visible text stays short.
 */
export const WorkItemRow = (props: WorkItemRowProps) => {
  const { kind, item, bodyId, expanded, selected, containsMatch, busy, footer, titleRef, onSelect } = props;
  const name = itemName(kind, item.title);
  const Heading = headingTags[kind];
  const completed = item.status === 'completed';
  const due = formatDay(item.dueDate);
  const points = pointsTotal(item);
  return (
    <div className={`work-item__row${selected ? ' work-item__row--selected' : ''}`} data-testid={`${kind}-${item.id}`}>
      <button
        type="button"
        className="icon-button work-item__toggle"
        aria-expanded={expanded}
        aria-controls={expanded ? bodyId : undefined}
        aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
        onClick={props.onToggleExpanded}
      >
        <ChevronIcon />
      </button>
      <Heading className="work-item__heading">
        <button ref={titleRef} type="button" className="work-item__title" aria-pressed={selected} onClick={onSelect}>
          {completed && <DoneMark />}
          {item.title}
        </button>
      </Heading>
      <ul className="item-facts work-item__facts" aria-label={`About ${name}`}>
        {containsMatch && (
          <li className="chip chip--context" data-testid={`${kind}-contains-matches-${item.id}`}>
            Contains matches
          </li>
        )}
        <li className={chipClass(priorityTone(item.priority))}>{priorityLabel(item.priority)}</li>
        {due && (
          <li className={chipClass(isOverdue(item) ? 'danger' : undefined)}>
            <CalendarIcon />
            {isOverdue(item) ? `Overdue · ${due}` : `Due ${due}`}
          </li>
        )}
        <li className={chipClass(points > 0 ? 'points' : undefined)} data-testid={`${kind}-points-${item.id}`}>
          <StarIcon />
          {points} {Math.abs(points) === 1 ? 'point' : 'points'}
        </li>
      </ul>
      {footer && <div className="work-item__footer">{footer}</div>}
      <ItemActions name={name} className="work-item__actions" onEdit={props.onEdit} onDelete={props.onDelete} iconsOnNarrow>
        <StatusSelect name={name} status={item.status} disabled={busy} onCommit={props.onStatusChange} />
        {!completed && <CompleteButton name={name} busy={busy} onComplete={props.onComplete} />}
      </ItemActions>
    </div>
  );
};
