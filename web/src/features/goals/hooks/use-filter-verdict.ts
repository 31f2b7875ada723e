import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { filterVerdict, parentsOfMatches, type FilterVerdict } from '../stores/filter-paths.ts';
import { matchesFilters, selectFiltersAreDefault, selectPriorityFilter, selectStatusFilter } from '../stores/goals.slice.ts';
import { useGetAllSubtasksQuery, useGetAllTasksQuery } from '../api/goals.api.ts';
import type { WorkItem } from '../model/work-item-format.ts';

/**
 * How the filters treat an item at any level: a match, the way to a match below it, or hidden. The whole
 * tree is read only while the filters hide something; until it arrives, parents show by their own match.
 */
export const useFilterVerdict = (): ((item: WorkItem) => FilterVerdict) => {
  const statusFilter = useAppSelector(selectStatusFilter);
  const priorityFilter = useAppSelector(selectPriorityFilter);
  const allShown = useAppSelector(selectFiltersAreDefault);
  const { data: tasks } = useGetAllTasksQuery(allShown ? skipToken : undefined);
  const { data: subtasks } = useGetAllSubtasksQuery(allShown ? skipToken : undefined);
  const matches = useCallback(
    (item: Pick<WorkItem, 'status' | 'priority'>) => matchesFilters(item, statusFilter, priorityFilter),
    [statusFilter, priorityFilter],
  );
  const parents = useMemo(
    () => (allShown ? new Set<string>() : parentsOfMatches({ tasks: tasks ?? [], subtasks: subtasks ?? [] }, matches)),
    [allShown, tasks, subtasks, matches],
  );
  return useCallback((item: WorkItem) => filterVerdict(item, matches, parents), [matches, parents]);
};
