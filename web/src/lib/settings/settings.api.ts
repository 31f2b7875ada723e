import type { Settings, SettingsBody, settingsResponse, SettingsValues, StatusSettingsPatch, Theme, WeekStart } from '@tracker/contracts/settings/http';
import { settingsDefaults } from '@tracker/contracts/values';
import type { z } from 'zod';
import { api } from '../api/api.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../api/idempotency-key.ts';
import { applyServerTheme, restoreTheme } from './theme.ts';

// The theme this device kept goes on <html> as soon as the app's modules load, before the first render.
restoreTheme();

/** spec.md §8's fallback texts for the settings calls. */
export const settingsFailures = {
  fetch: 'Failed to fetch user settings',
  replace: 'Failed to update user settings',
  change: 'Failed to update setting',
  reset: 'Failed to reset settings',
  timezone: 'Failed to update timezone',
  weekStart: 'Failed to update week start day',
  dayStart: 'Failed to update the day start',
} as const;

/**
 * spec.md §8: the settings a screen works with: the user's, or spec.md §9's defaults (time zone
 * America/New_York, week start sunday, theme system, the default status order) while they load or
 * when they cannot be read.
 */
export const settingsOrDefaults = (settings: Settings | undefined): SettingsValues => settings ?? settingsDefaults;

type SettingsAnswer = z.infer<typeof settingsResponse>;

/**
 * The theme on screen follows the latest the user did: an answer is applied only if no write began
 * after its request did and none is under way (a read in flight when the user picks a theme would
 * otherwise put the old one back). The writes' own answers apply in order.
 */
const themeOrder = { started: 0, lastWrite: 0, writesInFlight: 0 };

// Every write is one user action with its own key, so a retried request is recognised by the server.
const idempotent = () => ({ [IDEMPOTENCY_HEADER]: newIdempotencyKey() });
const toSettings = (response: SettingsAnswer): Settings => response.settings;

/** The reads that count as of today: habits' periods, today's list, points today and this week. */
const DAY_TAGS: Array<'Habit' | 'Actionable' | 'Dashboard' | 'Points'> = ['Habit', 'Actionable', 'Dashboard', 'Points'];

/**
 * GET /settings and the six writes (spec.md §7). Each write answers with the whole settings, which
 * replace the cached ones at once; 'Settings' is also provided by the reads that depend on the time
 * zone or the week start (the dashboard's), so they are asked again. A new time zone is the
 * profile's too: the signed-in user is read again ('Me').
 */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => {
    const write = <Args>(request: (args: Args) => { url: string; method: 'PUT' | 'PATCH'; body?: unknown }, alsoInvalidates: 'Me'[] = []) =>
      build.mutation<Settings, Args>({
        query: (args) => ({ ...request(args), headers: idempotent() }),
        transformResponse: toSettings,
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          const request = ++themeOrder.started;
          themeOrder.lastWrite = request;
          themeOrder.writesInFlight += 1;
          try {
            const { data } = await queryFulfilled;
            void dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data));
            if (request === themeOrder.lastWrite) applyServerTheme(data.theme, data);
          } catch {
            // The caller reports the failure.
          } finally {
            themeOrder.writesInFlight -= 1;
          }
        },
        invalidatesTags: ['Settings', ...alsoInvalidates],
      });
    return {
      getSettings: build.query<Settings, void>({
        query: () => '/settings',
        transformResponse: toSettings,
        providesTags: ['Settings'],
        async onQueryStarted(_args, lifecycle) {
          const { queryFulfilled, dispatch } = lifecycle;
          const request = ++themeOrder.started;
          const before = selectSettings(lifecycle.getState() as Parameters<typeof selectSettings>[0]).data?.today.date;
          try {
            const { data } = await queryFulfilled;
            if (themeOrder.writesInFlight === 0 && request > themeOrder.lastWrite) applyServerTheme(data.theme, data);
            // A new day (useToday asks when the last one ends): what was counted as of the old one is asked again.
            if (before !== undefined && before !== data.today.date) dispatch(api.util.invalidateTags(DAY_TAGS));
          } catch {
            // Without settings the kept theme stays (spec.md §8: default settings on failure).
          }
        },
      }),
      /** PUT /settings: what the body leaves out takes its default. */
      replaceSettings: write((body: SettingsBody) => ({ url: '/settings', method: 'PUT', body }), ['Me']),
      /** PATCH /settings: merges (status settings per status and field). */
      changeSettings: write((body: SettingsBody) => ({ url: '/settings', method: 'PATCH', body }), ['Me']),
      changeTheme: write((theme: Theme) => ({ url: '/settings', method: 'PATCH', body: { theme } })),
      changeStatusSettings: write((statusSettings: StatusSettingsPatch) => ({ url: '/settings/status', method: 'PUT', body: { statusSettings } })),
      changeTimezone: write((timezone: string) => ({ url: '/settings/timezone', method: 'PUT', body: { timezone } }), ['Me']),
      changeWeekStart: write((weekStart: WeekStart) => ({ url: '/settings/weekStart', method: 'PUT', body: { weekStart } })),
      /** PATCH /settings with the hour the user's days start (from tomorrow on). */
      changeDayStart: write((dayStartHour: number) => ({ url: '/settings', method: 'PATCH', body: { dayStartHour } })),
      resetSettings: write((_: void) => ({ url: '/settings/reset', method: 'PUT' }), ['Me']),
    };
  },
});

const selectSettings = settingsApi.endpoints.getSettings.select();

export const {
  useGetSettingsQuery,
  useReplaceSettingsMutation,
  useChangeSettingsMutation,
  useChangeThemeMutation,
  useChangeStatusSettingsMutation,
  useChangeTimezoneMutation,
  useChangeWeekStartMutation,
  useChangeDayStartMutation,
  useResetSettingsMutation,
} = settingsApi;
