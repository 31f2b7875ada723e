import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { isUnreachable } from '../../../lib/offline/queued-change.ts';
import { useWithoutDeleted } from '../../../lib/offline/use-without-deleted.ts';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import { useGetGoalProgressQuery } from '../api/goals.api.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { ChildrenSection } from './children-section.tsx';
import { NoGoalsShown, NoGoalsYet } from './goals-empty-states.tsx';
import { LoadError, LoadingLine } from '../../../components/states/load-states.tsx';
import { HiddenByFilters } from './hidden-by-filters.tsx';
import type { WorkItem } from '../model/work-item-format.ts';
import { levels } from '../model/work-item-levels.ts';
import { useFilterVerdict } from '../hooks/use-filter-verdict.ts';
import { WorkItemNode } from './work-item-node.tsx';
import './work-item-list.css';

export interface WorkItemListProps<K extends WorkItemKind> {
  kind: K;
  /** The goal of these tasks, or the task of these subtasks; the goals themselves have none. */
  parent?: { kind: WorkItemKind; item: WorkItem } | undefined;
  /** The goals' empty state offers to create the first one. */
  onCreateFirst?: (() => void) | undefined;
}

/**
 * One level of the tree (the goals, newest first with their progress; a goal's tasks; a task's subtasks),
 * filtered, with its loading, error and empty states. The goals fill the page's main column; a lower
 * level sits inside its expanded parent, under a heading with the form that adds one.
 */
export const WorkItemList = <K extends WorkItemKind>({ kind, parent, onCreateFirst }: WorkItemListProps<K>) => {
  const level = levels[kind];
  const { data, isLoading, error, refetch, isFetching } = level.useItems(parent?.item.id);
  // Deleted with an Undo offered (lib/offline/deferred-delete.ts): gone from the tree at once, its tasks and subtasks with it.
  const items = useWithoutDeleted(data);
  const { data: progress } = useGetGoalProgressQuery(kind === 'goal' ? undefined : skipToken);
  const verdict = useFilterVerdict();
  const progressById = useMemo(() => new Map((progress ?? []).map((entry) => [entry.goalId, entry])), [progress]);
  // The user's status settings (Settings screen) order the list by status and leave out hidden statuses.
  const { arrange } = useStatusSettings();
  // A parent the filters leave out stays, marked, when a match lies below it: the way to the match stays open.
  const visible = arrange((items ?? []).filter((item) => verdict(item) !== 'hidden'));
  const fetchError = errorMessage(error, `Failed to fetch ${kind}s`);
  const loadError = <LoadError message={fetchError} onRetry={() => void refetch()} retrying={isFetching} />;
  const list = (
    <ul className={`work-item-list work-item-list--${kind}s`} aria-label={parent ? undefined : 'Goals'}>
      {visible.map((item) => (
        <WorkItemNode key={item.id} kind={kind} item={item} progress={progressById.get(item.id)} containsMatch={verdict(item) === 'contains-match'}>
          {level.child && <WorkItemList kind={level.child} parent={{ kind, item }} />}
        </WorkItemNode>
      ))}
    </ul>
  );
  const hidden = <HiddenByFilters count={(items?.length ?? 0) - visible.length} noun={kind} />;

  if (parent) {
    return (
      <ChildrenSection kind={kind} parent={parent} count={items?.length}>
        {(adding) =>
          isLoading ? (
            <LoadingLine>{`Loading ${kind}s…`}</LoadingLine>
          ) : !items ? (
            loadError
          ) : items.length === 0 ? (
            !adding && <p className="children__empty">{level.emptyNote}</p>
          ) : (
            <>
              {list}
              {hidden}
            </>
          )
        }
      </ChildrenSection>
    );
  }
  if (isLoading) {
    return (
      <section className="panel panel--loading" aria-busy="true">
        <LoadingLine>{`Loading your ${kind}s…`}</LoadingLine>
      </section>
    );
  }
  if (!items) return <section className="panel">{loadError}</section>;
  if (items.length === 0) return <NoGoalsYet onCreateFirst={onCreateFirst}>{level.emptyNote}</NoGoalsYet>;
  return (
    <>
      {error && !isUnreachable(error) && (
        // A failed refresh keeps the last list on screen and says so; out of reach, the offline banner says it once.
        <div className="banner banner--error" role="alert">
          {fetchError}
        </div>
      )}
      {visible.length === 0 ? <NoGoalsShown count={items.length} /> : list}
      {visible.length > 0 && hidden}
    </>
  );
};
