import { skipToken } from '@reduxjs/toolkit/query';
import type { GoalProgress, WorkItemStatus } from '@tracker/contracts/goals/http';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useGetGoalsQuery } from '../api/goals.api.ts';
import {
  itemCollapsed,
  itemExpanded,
  selectionCleared,
  selectIsExpanded,
  selectSelectedGoalId,
  selectSelectedSubtaskId,
  selectSelectedTaskId,
} from '../stores/goals.slice.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { CompleteOpenWorkDialog } from './complete-open-work-dialog.tsx';
import { focusAfterDeletion } from './focus-after-deletion.ts';
import { useFocusWhenBack } from '../../../lib/focus/focus-when-back.ts';
import { useDeleteWithUndo } from '../../../lib/offline/deferred-delete.ts';
import { useFocusWhenRequested } from './focus-request.tsx';
import { hasOpenWork, openSubtasksSentence, openWorkSentence, reopenedTooSentence } from '../model/goal-completion.ts';
import { GoalProgressBar } from './goal-progress-bar.tsx';
import { useCompletionQuestion, useOpenSubtasks, useReopenOpenWork, type CompletedToo } from '../hooks/use-complete-open-work.ts';
import { statusPointsToast } from '../../../lib/points/status-points-toast.ts';
import { kindLabels, pointsTotal } from '../model/work-item-format.ts';
import { DeleteWorkItemDialog, useEditAndDelete, WorkItemEditor } from './work-item-editing.tsx';
import { levels, type ItemOf, type WorkItemChanges } from '../model/work-item-levels.ts';
import { changedFields, valuesOf, type WorkItemValues } from '../model/work-item-values.ts';
import { WorkItemDetails } from './work-item-details.tsx';
import { WorkItemRow } from './work-item-row.tsx';
import { SelectedItemCard } from './selection-panel.tsx';
import './work-item-node.css';

/** One heading level below the item's own (h3, h4, h5). */
const selectedTitleTags = { goal: 'h4', task: 'h5', subtask: 'h6' } as const;

export interface WorkItemNodeProps<K extends WorkItemKind> {
  kind: K;
  item: ItemOf[K];
  /** A goal's progress: the bar under its row, and what deleting the goal takes along. */
  progress?: GoalProgress | undefined;
  /** The list of the level below, shown when the item is expanded; without one the item shows its details. */
  children?: ReactNode;
  /** Left out by the filters but shown, dimmed, because a match lies below it. */
  containsMatch?: boolean | undefined;
}

/** One goal, task or subtask of the tree: its row, its edit form, its expanded body and the question before deleting it. */
export const WorkItemNode = <K extends WorkItemKind>({ kind, item, progress, children, containsMatch = false }: WorkItemNodeProps<K>) => {
  const level = levels[kind];
  const label = kindLabels[kind];
  const dispatch = useAppDispatch();
  const toast = useToast();
  const bodyId = useId();
  const ref = { kind, id: item.id };
  const expanded = useAppSelector((state) => selectIsExpanded(state, ref));
  const selected = useAppSelector((state) => level.isSelected(state, item.id));
  // It or something below it is selected: a delete takes the selection with it.
  const selectedWithin = useAppSelector(
    (state) => ({ goal: selectSelectedGoalId, task: selectSelectedTaskId, subtask: selectSelectedSubtaskId })[kind](state) === item.id,
  );
  // Only a task moves between goals, so only its edit form lists them.
  const { data: goals } = useGetGoalsQuery(kind === 'task' ? undefined : skipToken);
  const goalOptions = useMemo(() => (kind === 'task' ? (goals ?? []).map((goal) => ({ value: goal.id, label: goal.title })) : undefined), [kind, goals]);
  // Separate instances: a failed status change must not show up as an error in the edit form.
  const [changeStatus, statusChange] = level.useUpdate();
  const [saveItem, edit] = level.useUpdate();
  const deleteWithUndo = useDeleteWithUndo();
  const [completeItem, completion] = level.useOwnCompletion();
  const { editing, confirming, startEditing, stopEditing, askToDelete, stopDeleting } = useEditAndDelete(edit);

  /** One toast per item at a time: the undo's toast replaces the change's, so an Undo never outlives what it would undo. */
  const toastKey = `${kind}:${item.id}`;
  const statusTitle = (status: WorkItemStatus) => (status === 'completed' ? `${label} completed` : `${label} reopened`);

  const completeByOwnCall = async (complete: NonNullable<typeof completeItem>) => {
    const before = item.status;
    const result = await complete(item);
    if ('error' in result) {
      toast.error(errorMessage(result.error, `Failed to update ${kind}`));
      return false;
    }
    const pointsAfter = pointsTotal(item) + result.data.pointsAwarded;
    toast.success(`+${result.data.pointsAwarded} points`, { title: statusTitle('completed'), key: toastKey, action: undoTo(before, 'completed', pointsAfter) });
    return true;
  };

  /**
   * The toast's Undo of a status change: the status it had before, back by the same PATCH (the server takes
   * back or awards the points); after a 'Complete all', what it completed besides goes back too.
   */
  const undoTo = (before: WorkItemStatus, after: WorkItemStatus, pointsAfter: number, too?: CompletedToo) => ({
    label: 'Undo',
    run: () =>
      void (async () => {
        let reopened: (Omit<CompletedToo, 'done'> & { points: number }) | undefined;
        if (too) {
          const outcome = await reopenOpenWork(too.done);
          if ('error' in outcome) return toast.error(outcome.error);
          reopened = { points: outcome.points, note: reopenedTooSentence(too.done.tasks.length, too.done.subtasks.length) };
        }
        const error = await applyStatus(before, after, pointsAfter, reopened);
        if (error) toast.error(error);
      })(),
  });

  /**
   * Sets the status; says what went wrong, if anything (a toast too, unless the caller shows it). `from`
   * and `pointsBefore` are what the row shows, or what the change being undone left when its toast's Undo
   * runs before the tree reloads. `too`: what a 'Complete all' completed before it — one toast tells
   * both, its points and its Undo included.
   */
  const applyStatus = async (
    status: WorkItemStatus,
    from: WorkItemStatus = item.status,
    pointsBefore = pointsTotal(item),
    too?: CompletedToo | (Omit<CompletedToo, 'done'> & { points: number }),
  ): Promise<string | undefined> => {
    const result = await changeStatus({ item, changes: { status } });
    if ('error' in result) return errorMessage(result.error, `Failed to update ${kind}`);
    const pointsAfter = pointsTotal(result.data);
    const alsoMoved = too ? ('done' in too ? too.done.points : too.points) : 0;
    // After an undo of 'Complete all', no Undo of the undo: it would complete the item alone.
    const undoable = from !== status && (!too || 'done' in too);
    statusPointsToast(
      toast,
      statusTitle(status),
      pointsBefore - alsoMoved,
      pointsAfter,
      undoable ? { key: toastKey, action: undoTo(from, status, pointsAfter, too && 'done' in too ? too : undefined) } : undefined,
      too?.note,
    );
    return undefined;
  };

  // A goal with open tasks or subtasks, or a task with open subtasks, asks first whether to complete them too.
  const asksBeforeCompleting = kind === 'task' || (kind === 'goal' && hasOpenWork(progress));
  const question = useCompletionQuestion(kind === 'goal' ? 'goal' : 'task', item.id, (too) => applyStatus('completed', item.status, pointsTotal(item), too));
  const reopenOpenWork = useReopenOpenWork();
  const openSubtasks = useOpenSubtasks();

  /** Completes the goal or task, or asks first when it has open work (a task's subtasks are read fresh). */
  const completeOrAsk = async () => {
    if (kind === 'goal' && progress && hasOpenWork(progress)) return question.ask(openWorkSentence(progress));
    if (kind === 'task') {
      const open = await openSubtasks(item.id);
      if (open.length > 0) return question.ask(openSubtasksSentence(open.length));
    }
    const error = await applyStatus('completed');
    if (error) toast.error(error);
  };

  const setStatus = async (status: WorkItemStatus) => {
    if (status === 'completed' && completeItem) return void (await completeByOwnCall(completeItem));
    if (status === 'completed' && asksBeforeCompleting) return completeOrAsk();
    const error = await applyStatus(status);
    if (error) toast.error(error);
  };

  const save = async (values: WorkItemValues) => {
    const changes = changedFields(valuesOf(item), values);
    const { status, ...others } = changes;
    // A completion that has a call of its own goes last, after the other changes are saved.
    const completeAfter = status === 'completed' ? completeItem : undefined;
    const askAfter = status === 'completed' && asksBeforeCompleting;
    const patch: WorkItemChanges = completeAfter || askAfter ? others : changes;
    if (Object.keys(patch).length > 0) {
      const result = await saveItem({ item, changes: patch });
      if ('error' in result) return;
      if (patch.status) statusPointsToast(toast, statusTitle(patch.status), pointsTotal(item), pointsTotal(result.data));
      if (patch.goalId) {
        const destination = goals?.find((goal) => goal.id === patch.goalId);
        // The saved title: a rename and a move in one save name the item as it is now.
        toast.info(`“${result.data.title}” now belongs to “${destination?.title ?? 'another goal'}”.`, { title: `${label} moved` });
      }
    }
    if (completeAfter && !(await completeByOwnCall(completeAfter))) return;
    stopEditing();
    if (askAfter) await completeOrAsk();
  };

  // On a narrow screen the side panel is gone: the details open under the row, scrolled into view.
  const inlineDetails = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const details = inlineDetails.current;
    if (selected && details && details.offsetParent !== null) details.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const node = useRef<HTMLLIElement>(null);
  const title = useFocusWhenRequested<HTMLButtonElement>(kind, item.id);

  // An undone delete puts the row back: the focus goes to its first control.
  useFocusWhenBack(item.id, node);

  /** Gone at once, with an Undo (lib/offline/deferred-delete.ts); the DELETE goes when the toast ends. */
  const remove = () => {
    // The focus goes to the next item (or the list's heading), not back to the gone item's Delete button.
    const next = focusAfterDeletion(node.current);
    flushSync(() => {
      stopDeleting();
      if (selectedWithin) dispatch(selectionCleared());
      deleteWithUndo({
        url: level.deletePath(item.id),
        itemId: item.id,
        title: item.title,
        label: `Delete ${kind} “${item.title}”`,
        note: level.deletedNote(progress),
      });
    });
    next?.focus();
  };

  return (
    <li ref={node} className={`work-item work-item--${kind} work-item--${item.status}${containsMatch ? ' work-item--context' : ''}`}>
      <WorkItemRow
        kind={kind}
        item={item}
        bodyId={bodyId}
        expanded={expanded}
        selected={selected}
        containsMatch={containsMatch}
        titleRef={title}
        busy={completion.isLoading || statusChange.isLoading || question.pending}
        footer={progress && <GoalProgressBar title={item.title} progress={progress} />}
        onToggleExpanded={() => dispatch(expanded ? itemCollapsed(ref) : itemExpanded(ref))}
        onSelect={() => dispatch(selected ? selectionCleared() : level.selected(item))}
        onStatusChange={(status) => void setStatus(status)}
        onComplete={() => void setStatus('completed')}
        onEdit={startEditing}
        onDelete={askToDelete}
      />
      {selected && (
        <div ref={inlineDetails} className="work-item__selection">
          <SelectedItemCard
            kind={kind}
            item={item}
            titleTag={selectedTitleTags[kind]}
            className="selection-panel--inline"
            testId={`inline-details-${item.id}`}
            onClear={() => dispatch(selectionCleared())}
          />
        </div>
      )}
      {editing && (
        <WorkItemEditor
          kind={kind}
          title={item.title}
          initial={valuesOf(item)}
          goalOptions={goalOptions}
          pending={edit.isLoading || completion.isLoading}
          error={edit.error}
          onSubmit={(values) => void save(values)}
          onCancel={stopEditing}
        />
      )}
      {expanded &&
        (children ? (
          <div id={bodyId} className="work-item__body">
            {item.description && <p className="work-item__description">{item.description}</p>}
            {children}
          </div>
        ) : (
          <div id={bodyId} className="work-item__body work-item__body--details">
            <WorkItemDetails item={item} />
          </div>
        ))}
      {question.asking !== null && kind !== 'subtask' && (
        <CompleteOpenWorkDialog
          kind={kind === 'goal' ? 'goal' : 'task'}
          title={item.title}
          question={question.asking}
          pending={question.pending}
          error={question.error}
          onCompleteAll={question.completeAll}
          onCompleteItemOnly={question.completeItemOnly}
          onCancel={question.cancel}
        />
      )}
      {confirming && (
        <DeleteWorkItemDialog kind={kind} title={item.title} onConfirm={remove} onCancel={stopDeleting}>
          <p>{level.deletionNote(progress)}</p>
        </DeleteWorkItemDialog>
      )}
    </li>
  );
};
