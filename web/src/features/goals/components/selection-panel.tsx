import { skipToken } from '@reduxjs/toolkit/query';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useGetGoalsQuery, useGetGoalTasksQuery, useGetTaskSubtasksQuery } from '../api/goals.api.ts';
import { selectionCleared, selectSelectedGoalId, selectSelectedSubtaskId, selectSelectedTaskId } from '../stores/goals.slice.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { chipClass } from '../../../components/item-facts/item-facts.tsx';
import { kindLabels, priorityLabel, priorityTone, statusLabels, type WorkItem } from '../model/work-item-format.ts';
import { WorkItemDetails } from './work-item-details.tsx';
import { StatusDot } from '../../../components/status-dot/status-dot.tsx';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import { selectDeletedIds } from '../../../lib/offline/offline.slice.ts';
import './selection-panel.css';

/** The selected item (the deepest selected level), read from the lists already loaded for the tree. */
const useSelectedItem = (): { kind: WorkItemKind; item: WorkItem } | undefined => {
  const goalId = useAppSelector(selectSelectedGoalId);
  const taskId = useAppSelector(selectSelectedTaskId);
  const subtaskId = useAppSelector(selectSelectedSubtaskId);
  const { data: goals } = useGetGoalsQuery();
  const { data: tasks } = useGetGoalTasksQuery(goalId && taskId ? goalId : skipToken);
  const { data: subtasks } = useGetTaskSubtasksQuery(taskId && subtaskId ? taskId : skipToken);
  // Deleted with an Undo offered, or a level above it: nothing to show (the cascade takes the levels below).
  const deleted = useAppSelector((state) => [goalId, taskId, subtaskId].some((id) => id && selectDeletedIds(state).has(id)));
  if (deleted) return undefined;
  if (subtaskId) {
    const subtask = subtasks?.find((candidate) => candidate.id === subtaskId);
    return subtask && { kind: 'subtask', item: subtask };
  }
  if (taskId) {
    const task = tasks?.find((candidate) => candidate.id === taskId);
    return task && { kind: 'task', item: task };
  }
  const goal = goalId ? goals?.find((candidate) => candidate.id === goalId) : undefined;
  return goal && { kind: 'goal', item: goal };
};

export const SelectionPanel = () => {
  const dispatch = useAppDispatch();
  const selected = useSelectedItem();
  if (!selected) {
    return (
      <section className="panel selection-panel selection-panel--empty" aria-labelledby="selection-title">
        <h2 id="selection-title" className="panel__title">
          Details
        </h2>
        <p className="panel__subtitle">Select a goal, task or subtask by its title to see its dates and points history here.</p>
      </section>
    );
  }
  return <SelectedItemCard kind={selected.kind} item={selected.item} titleTag="h2" onClear={() => dispatch(selectionCleared())} />;
};

export interface SelectedItemCardProps {
  kind: WorkItemKind;
  item: WorkItem;
  /** h2 in the side panel; inside the tree, a level below the item's own heading. */
  titleTag: 'h2' | 'h4' | 'h5' | 'h6';
  onClear: () => void;
  className?: string;
  testId?: string;
}

/** The selected item's kind, title, status, priority and details: the side panel on a wide screen, inline under its row on a phone. */
export const SelectedItemCard = ({ kind, item, titleTag: Title, onClear, className = '', testId = 'selection-panel' }: SelectedItemCardProps) => {
  const titleId = useId();
  const { colorOf } = useStatusSettings();
  return (
    <section className={`panel selection-panel ${className}`} aria-labelledby={titleId} data-testid={testId}>
      <header className="selection-panel__header">
        <div>
          <p className="selection-panel__kind">{kindLabels[kind]}</p>
          <Title id={titleId} className="selection-panel__title">
            {item.title}
          </Title>
        </div>
        <button type="button" className="icon-button" aria-label="Clear selection" onClick={onClear}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <p className="selection-panel__badges">
        <span className={`status-pill status-pill--${item.status}`}>
          <StatusDot color={colorOf(item.status)} />
          {statusLabels[item.status]}
        </span>
        <span className={chipClass(priorityTone(item.priority))}>{priorityLabel(item.priority)}</span>
      </p>
      <WorkItemDetails item={item} />
    </section>
  );
};
