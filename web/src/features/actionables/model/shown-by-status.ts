import type { StatusSettings } from '@tracker/contracts/settings/http';
import { arrangeByStatus } from '../../../lib/settings/status-order.ts';

export interface ShownByStatus<T> {
  /** What the list shows: ticked in the filter, of a status the user shows, in the user's status order. */
  shown: T[];
  /** Left out by the page's status filter. */
  filteredOut: number;
  /** Ticked in the filter but of a status the user's settings hide (Settings → Statuses). */
  hiddenBySettings: number;
}

/**
 * The page's status filter and the user's status settings applied to a list (issue 9): the filter
 * picks statuses for this visit, the settings order them and hide some everywhere. Within a status
 * the list keeps the order the server gave it.
 */
export const shownByStatus = <T extends { status: string }>(items: readonly T[], filter: readonly string[], settings: StatusSettings): ShownByStatus<T> => {
  const ticked = items.filter((item) => filter.includes(item.status));
  const shown = arrangeByStatus(settings, ticked);
  return { shown, filteredOut: items.length - ticked.length, hiddenBySettings: ticked.length - shown.length };
};
