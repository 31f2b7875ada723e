import type { SettingsStatus, StatusSettings } from '@tracker/contracts/settings/http';
import { useMemo } from 'react';
import { arrangeByStatus, isStatusVisible, orderStatuses, sortByStatus } from './status-order.ts';
import { settingsOrDefaults, useGetSettingsQuery } from './settings.api.ts';

export interface StatusSettingsView {
  /** The user's settings, or spec.md §9's defaults while they load or when they cannot be read (§8). */
  statusSettings: StatusSettings;
  /** The given statuses in the user's order (1 first). */
  orderStatuses: <S extends string>(statuses: readonly S[]) => S[];
  isVisible: (status: string) => boolean;
  /** Items sorted by their status's priority, their own order kept within a status. */
  sortByStatus: <T extends { status: string }>(items: readonly T[]) => T[];
  /** Items of visible statuses only, sorted by priority. */
  arrange: <T extends { status: string }>(items: readonly T[]) => T[];
  colorOf: (status: SettingsStatus) => string;
}

/** How the user orders and shows statuses, for any list that shows them. */
export const useStatusSettings = (): StatusSettingsView => {
  const { data } = useGetSettingsQuery();
  const { statusSettings } = settingsOrDefaults(data);
  return useMemo(
    () => ({
      statusSettings,
      orderStatuses: (statuses) => orderStatuses(statusSettings, statuses),
      isVisible: (status) => isStatusVisible(statusSettings, status),
      sortByStatus: (items) => sortByStatus(statusSettings, items),
      arrange: (items) => arrangeByStatus(statusSettings, items),
      colorOf: (status) => statusSettings[status].color,
    }),
    [statusSettings],
  );
};
