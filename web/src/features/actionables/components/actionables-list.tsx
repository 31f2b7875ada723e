import type { ActionableStatus } from '@tracker/contracts/actionables/http';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import type { Today } from '../../../lib/settings/use-today.ts';
import { listFailure, useGetActionablesQuery, type ActionablesView } from '../api/actionables.api.ts';
import { ActionableItem } from './actionable-item.tsx';
import { LoadError, LoadingLine } from '../../../components/states/load-states.tsx';
import { EmptyState } from '../../../components/states/empty-state.tsx';
import { shownByStatus } from '../model/shown-by-status.ts';
import { useLinkTitles } from '../hooks/use-link-titles.ts';
import { JustAdded } from './just-added.tsx';
import { useWithoutDeleted } from '../../../lib/offline/use-without-deleted.ts';
import { useWaitingCreates } from '../../../lib/offline/waiting-creates.ts';
import { WaitingCreates } from '../../../components/offline/waiting-creates.tsx';
import './actionable-item.css';

export interface ActionablesListProps {
  /** Nothing to ask while the chosen range is not a range. */
  view: ActionablesView | undefined;
  /** 'due today', 'due on Mon, 23 Nov 2026', 'in this range': how the empty state names the view. */
  viewName: string;
  statuses: readonly ActionableStatus[];
  today: Today;
  onShowAllStatuses: () => void;
  onCreate: () => void;
  /** Created on this visit: those the view does not hold are shown under it (JustAdded). */
  justAdded?: readonly string[];
  onShowAll?: () => void;
}

const countOf = (count: number) => `${count} ${count === 1 ? 'actionable' : 'actionables'}`;

/**
 * The chosen view's actionables, filtered by status and arranged by the user's status settings
 * (priority order, hidden statuses left out), with loading, error and empty states.
 */
export const ActionablesList = (props: ActionablesListProps) => {
  const items = useWithoutDeleted(useGetActionablesQuery(props.view ?? skipToken).data);
  const linkTitles = useLinkTitles((items ?? []).some((item) => item.goalId || item.taskId || item.subtaskId));
  const inView = new Set((items ?? []).map((item) => item.id));
  const outside = items ? (props.justAdded ?? []).filter((id) => !inView.has(id)) : [];
  const waiting = useWaitingCreates(() => true);
  return (
    <>
      <ViewItems {...props} linkTitles={linkTitles} />
      <JustAdded ids={outside} today={props.today} linkTitles={linkTitles} onShowAll={props.onShowAll ?? (() => undefined)} />
      {/* Created on this device and not sent yet: under the list until the server has them. */}
      <WaitingCreates creates={waiting} />
    </>
  );
};

const ViewItems = ({
  view,
  viewName,
  statuses,
  today,
  onShowAllStatuses,
  onCreate,
  linkTitles,
}: ActionablesListProps & { linkTitles: ReadonlyMap<string, string> }) => {
  const { data, isLoading, isFetching, error, refetch } = useGetActionablesQuery(view ?? skipToken);
  const items = useWithoutDeleted(data);
  const fallback = view ? listFailure(view) : 'Failed to fetch actionables';
  const { statusSettings, colorOf } = useStatusSettings();

  if (!view) return null;
  if (isLoading) {
    return (
      <section className="panel panel--loading" aria-busy="true">
        <LoadingLine>Loading actionables…</LoadingLine>
      </section>
    );
  }
  if (!items) {
    return (
      <section className="panel">
        <LoadError message={failureText(error, fallback)} onRetry={() => void refetch()} retrying={isFetching} />
      </section>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        testId="actionables-empty"
        title={`No actionables ${viewName}`}
        text="Add a to-do with a deadline and a weight, or import a file you exported before."
      >
        <button type="button" className="button button--primary" onClick={onCreate}>
          New actionable
        </button>
      </EmptyState>
    );
  }
  const { shown, filteredOut, hiddenBySettings } = shownByStatus(items, statuses, statusSettings);
  const settingsLink = (
    <Link to="/settings" className="button button--small button--ghost">
      Status settings
    </Link>
  );
  return (
    <>
      {error && (
        // A failed refresh keeps the last list on screen and says so.
        <div className="banner banner--error" role="alert">
          {failureText(error, fallback)}
        </div>
      )}
      {shown.length > 0 ? (
        <ul className="act-list" aria-label="Actionables" aria-busy={isFetching || undefined}>
          {shown.map((item) => (
            <ActionableItem key={item.id} item={item} statusColor={colorOf(item.status)} today={today} linkTitles={linkTitles} />
          ))}
        </ul>
      ) : filteredOut > 0 ? (
        <EmptyState
          testId="actionables-filtered"
          title="No actionables match the status filter"
          text={
            hiddenBySettings > 0
              ? `${countOf(filteredOut)} hidden by the status filter, ${hiddenBySettings} by your status settings.`
              : items.length === 1
                ? 'The one actionable here is hidden by the status filter.'
                : `All ${items.length} actionables here are hidden by the status filter.`
          }
        >
          <button type="button" className="button button--secondary" onClick={onShowAllStatuses}>
            Show all statuses
          </button>
        </EmptyState>
      ) : (
        <EmptyState
          testId="actionables-hidden-by-settings"
          title="No actionables to show"
          text={`${countOf(items.length)} ${items.length === 1 ? 'is' : 'are'} of a status your status settings hide.`}
        >
          {settingsLink}
        </EmptyState>
      )}
      {shown.length > 0 && filteredOut > 0 && (
        <p className="act-hidden-note" data-testid="actionables-filtered-note">
          {countOf(filteredOut)} hidden by the status filter
        </p>
      )}
      {shown.length > 0 && hiddenBySettings > 0 && (
        <p className="act-hidden-note" data-testid="actionables-hidden-note">
          {countOf(hiddenBySettings)} hidden by your status settings {settingsLink}
        </p>
      )}
    </>
  );
};
