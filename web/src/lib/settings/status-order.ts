import type { SettingsStatus, StatusSettings } from '@tracker/contracts/settings/http';
import { settingsStatuses } from '@tracker/contracts/values';

/**
 * The user's status settings applied to a list: statuses ranked by priority (1 first; a tie keeps
 * the order the statuses are declared in), items of a hidden status left out. Sorting is stable, so
 * within one status a list keeps its own order (newest first, say).
 */

const rankOf = (settings: StatusSettings, status: string): number =>
  status in settings ? settings[status as SettingsStatus].priority : Number.MAX_SAFE_INTEGER;

/** The given statuses (default: all four) in the user's order. */
export const orderStatuses = <S extends string>(settings: StatusSettings, statuses: readonly S[]): S[] =>
  statuses
    .map((status, index) => ({ status, index }))
    .sort((a, b) => rankOf(settings, a.status) - rankOf(settings, b.status) || a.index - b.index)
    .map(({ status }) => status);

/** All four statuses in the user's order. */
export const orderedStatuses = (settings: StatusSettings): SettingsStatus[] => orderStatuses(settings, settingsStatuses);

/** Whether items of a status are shown; a status the settings do not know is always shown. */
export const isStatusVisible = (settings: StatusSettings, status: string): boolean => (status in settings ? settings[status as SettingsStatus].visible : true);

/** Items sorted by their status's priority, keeping their order within a status. */
export const sortByStatus = <T extends { status: string }>(settings: StatusSettings, items: readonly T[]): T[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rankOf(settings, a.item.status) - rankOf(settings, b.item.status) || a.index - b.index)
    .map(({ item }) => item);

/** Items of the statuses the user shows, in the user's order. */
export const arrangeByStatus = <T extends { status: string }>(settings: StatusSettings, items: readonly T[]): T[] =>
  sortByStatus(
    settings,
    items.filter((item) => isStatusVisible(settings, item.status)),
  );

/**
 * Priorities after giving `status` the rank `priority`: the status that held that rank takes the
 * moved one's old rank, so the four stay 1–4, one each.
 */
export const withPriority = (settings: StatusSettings, status: SettingsStatus, priority: number): StatusSettings => {
  const previous = settings[status].priority;
  const next: StatusSettings = { ...settings, [status]: { ...settings[status], priority } };
  for (const other of settingsStatuses) {
    if (other !== status && settings[other].priority === priority) next[other] = { ...settings[other], priority: previous };
  }
  return next;
};
