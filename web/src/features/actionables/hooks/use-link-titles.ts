import { useMemo } from 'react';
import { useGetLinkGoalsQuery, useGetLinkSubtasksQuery, useGetLinkTasksQuery } from '../api/actionables.api.ts';

/** Titles of the goals, tasks and subtasks items link to, by id; asked only while some item has a link. */
export const useLinkTitles = (needed: boolean): ReadonlyMap<string, string> => {
  const skip = { skip: !needed };
  const { data: goals } = useGetLinkGoalsQuery(undefined, skip);
  const { data: tasks } = useGetLinkTasksQuery(undefined, skip);
  const { data: subtasks } = useGetLinkSubtasksQuery(undefined, skip);
  return useMemo(() => new Map([...(goals ?? []), ...(tasks ?? []), ...(subtasks ?? [])].map((item) => [item.id, item.title])), [goals, tasks, subtasks]);
};
