import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectDeletedIds } from './offline.slice.ts';

type StateWithDeleted = Parameters<typeof selectDeletedIds>[0];

/** A list as the user should see it: without the items deleted on this device, while their Undo is offered, wait to be sent, or were just sent. */
export const useWithoutDeleted = <T extends { id: string }>(items: T[] | undefined): T[] | undefined => {
  const deleted = useSelector((state: StateWithDeleted) => selectDeletedIds(state));
  return useMemo(() => (items && deleted.size > 0 ? items.filter((item) => !deleted.has(item.id)) : items), [items, deleted]);
};

/** Whether one item was deleted on this device (its page, a single row). */
export const useDeleted = (id: string): boolean => useSelector((state: StateWithDeleted) => selectDeletedIds(state).has(id));
