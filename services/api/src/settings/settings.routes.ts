import type { z } from 'zod';
import {
  settingsBody,
  settingsResponse,
  statusSettingsBody,
  timezoneBody,
  weekStartBody,
  type Settings,
  type SettingsResponse,
} from '@tracker/contracts/settings/http';
import { NotFound } from '@tracker/domain/common/errors';
import { todayInSettings } from '@tracker/domain/settings/calendar-changes';
import { settingsOfUser, userDecider, type UserCommand } from '@tracker/domain/users/user.decider';
import { settingsOf } from '@tracker/projections/settings/settings.queries';
import { userStream } from '../auth/account-streams.ts';
import { commandAnswer } from '../commands/command-answer.ts';
import type { AppServices } from '../feature.ts';
import { routesFor, type AnyRoute, type ApiContext, type RouteInput } from '../http/api-router.ts';
import { commandContext } from '../http/command-context.ts';

const route = routesFor<AppServices>('settings');
/**
 * The answer comes from user_settings; the time zone is also the user's, which authentication reads
 * from users for the caller's next request (and /auth/me shows).
 */
const SETTLES = ['user_settings', 'users'];

/**
 * Runs a settings command on the user's stream and answers with the settings (`commandAnswer`): from
 * the read model once it has the command's events, else from the command's own state (X-Read-Models-Behind).
 */
const change = async (
  ctx: ApiContext,
  { commands, db }: AppServices,
  settle: RouteInput<unknown, unknown, unknown, AppServices>['settle'],
  command: UserCommand,
): Promise<SettingsResponse> => {
  const c = commandContext(ctx);
  const { state, position } = await commands.execute(userDecider, userStream(c.userId), command, c);
  const settings = await commandAnswer(
    await settle(position),
    () => settingsOf(db, c.userId, c.now),
    (): Settings => {
      if (state.status !== 'registered') throw new NotFound('User not found');
      return {
        ...settingsOfUser(state),
        id: c.userId,
        userId: c.userId,
        createdAt: state.profile.createdAt,
        updatedAt: state.settingsUpdatedAt,
        ...todayInSettings(state.calendar, c.now),
      };
    },
  );
  return { settings };
};

const put = <Body>(name: string, path: string, summary: string, body: z.ZodType<Body>, commandOf: (body: Body) => UserCommand): AnyRoute<AppServices> =>
  route({
    name,
    method: 'put',
    path,
    summary,
    auth: true,
    body,
    response: settingsResponse,
    settles: SETTLES,
    handle: ({ ctx, body: input, services, settle }) => change(ctx, services, settle, commandOf(input)),
  });

/** spec.md §7's seven settings routes; each answers `{settings}`. */
export const settingsRoutes: AnyRoute<AppServices>[] = [
  route({
    name: 'getSettings',
    method: 'get',
    path: '/settings',
    summary:
      "The user's settings (spec.md §9 defaults for what was never set), with today in the user's calendar (`today`) and, when a zone or day-start change waits for today's end, the days after it (`next`)",
    auth: true,
    response: settingsResponse,
    handle: async ({ ctx, services: { db } }) => ({ settings: await settingsOf(db, ctx.state.userId, ctx.state.now) }),
  }),
  put('replaceSettings', '/settings', 'Replace the settings: fields left out take their defaults (the time zone too)', settingsBody, (settings) => ({
    type: 'ReplaceSettings',
    settings,
  })),
  route({
    name: 'changeSettings',
    method: 'patch',
    path: '/settings',
    summary: 'Change the settings given; status settings merge per status and field',
    auth: true,
    body: settingsBody,
    response: settingsResponse,
    settles: SETTLES,
    handle: ({ ctx, body, services, settle }) => change(ctx, services, settle, { type: 'ChangeSettings', changes: body }),
  }),
  put(
    'replaceStatusSettings',
    '/settings/status',
    'Replace the status settings (statuses and fields left out take their defaults)',
    statusSettingsBody,
    (body) => ({
      type: 'ChangeSettings',
      changes: body,
      statusSettings: 'replace',
    }),
  ),
  put('setTimezone', '/settings/timezone', "Set the user's time zone (later days count in it; recorded days stay as they were)", timezoneBody, (body) => ({
    type: 'ChangeSettings',
    changes: body,
  })),
  put('setWeekStart', '/settings/weekStart', 'Set the first day of the week', weekStartBody, (body) => ({ type: 'ChangeSettings', changes: body })),
  route({
    name: 'resetSettings',
    method: 'put',
    path: '/settings/reset',
    summary: 'Back to the defaults (spec.md §9), time zone included',
    auth: true,
    response: settingsResponse,
    settles: SETTLES,
    handle: ({ ctx, services, settle }) => change(ctx, services, settle, { type: 'ResetSettings' }),
  }),
];
