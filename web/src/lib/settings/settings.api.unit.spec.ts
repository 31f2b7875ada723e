import { settingsDefaults } from '@tracker/contracts/settings/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/fixtures.ts';
import { errorMessage } from '../api/api-errors.ts';
import { settingsApi, settingsFailures, settingsOrDefaults } from './settings.api.ts';

type Store = ReturnType<typeof signedIn>;
const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false } });
const { endpoints } = settingsApi;

/** Each settings call with a §8 fallback: the route it asks and how it is dispatched. */
const calls: Record<keyof typeof settingsFailures, { route: string; run: (store: Store) => Promise<{ error?: unknown }> }> = {
  fetch: { route: 'GET /api/settings', run: (s) => s.dispatch(endpoints.getSettings.initiate()) },
  replace: { route: 'PUT /api/settings', run: (s) => s.dispatch(endpoints.replaceSettings.initiate({ theme: 'dark' })) },
  change: { route: 'PATCH /api/settings', run: (s) => s.dispatch(endpoints.changeSettings.initiate({ weekStart: 'monday' })) },
  reset: { route: 'PUT /api/settings/reset', run: (s) => s.dispatch(endpoints.resetSettings.initiate()) },
  timezone: { route: 'PUT /api/settings/timezone', run: (s) => s.dispatch(endpoints.changeTimezone.initiate('Asia/Tokyo')) },
  weekStart: { route: 'PUT /api/settings/weekStart', run: (s) => s.dispatch(endpoints.changeWeekStart.initiate('monday')) },
  dayStart: { route: 'PATCH /api/settings', run: (s) => s.dispatch(endpoints.changeDayStart.initiate(4)) },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("spec.md §8's settings fallback texts: a failure without a server message shows them", () => {
  it.each(Object.entries(settingsFailures).map(([call, text]) => [text, call]))("'%s' (%s)", async (text, call) => {
    const { route, run } = calls[call as keyof typeof settingsFailures];
    fakeApi({ [route]: () => ({ status: 500 }) });
    const { error } = await run(signedIn());
    expect(error).toBeDefined();
    expect(errorMessage(error as Parameters<typeof errorMessage>[0], text)).toBe(text);
  });
});

describe('settings reads that fail fall back to default settings (spec.md §8)', () => {
  it('gives America/New_York, sunday, system and the default status order when the settings cannot be read', async () => {
    fakeApi({ 'GET /api/settings': () => ({ status: 503 }) });
    const read = await signedIn().dispatch(endpoints.getSettings.initiate());
    expect(read.error).toMatchObject({ status: 503 });
    expect(settingsOrDefaults(read.data)).toEqual(settingsDefaults);
    expect(settingsOrDefaults(read.data)).toMatchObject({ timezone: 'America/New_York', weekStart: 'sunday', theme: 'system' });
    expect(settingsOrDefaults(read.data).statusSettings['in-progress']).toEqual({ priority: 1, visible: true, color: '#6366F1' });
  });
});
