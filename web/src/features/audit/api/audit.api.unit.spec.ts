import type { PointsAudit } from '@tracker/contracts/points/audit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { aUser } from '../../../testing/fixtures.ts';
import { auditApi, auditFailure } from './audit.api.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false } });

const anAudit = (overrides: Partial<PointsAudit> = {}): PointsAudit => ({
  asOf: null,
  recordedTotal: 15,
  recomputedTotal: 15,
  ledgerTotal: 15,
  consistent: true,
  entries: [
    {
      occurredAt: '2026-11-20T10:00:00.000Z',
      points: 15,
      reason: 'Completed subtask "Buy shoes"',
      sourceType: 'subtask',
      sourceId: '5b7e1c2a-0000-4000-8000-000000000001',
      rulesVersion: 1,
      position: '100:1',
    },
  ],
  mismatches: [],
  ...overrides,
});

/** The full URLs fetched (fakeApi records paths only). */
const recordUrls = (): string[] => {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (request: Request) => {
    urls.push(request.url);
    return inner(request);
  });
  return urls;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('points audit api', () => {
  it('asks for the present without asOf, and for a moment with it; answers with the audit', async () => {
    fakeApi({ 'GET /api/points/audit': () => ({ status: 200, body: { audit: anAudit() } }) });
    const urls = recordUrls();
    const store = signedIn();
    const now = await store.dispatch(auditApi.endpoints.getPointsAudit.initiate({}));
    await store.dispatch(auditApi.endpoints.getPointsAudit.initiate({ asOf: '2026-11-20T17:08:59.999Z' }));
    expect(new URL(urls[0]!).search).toBe('');
    expect(new URL(urls[1]!).searchParams.get('asOf')).toBe('2026-11-20T17:08:59.999Z');
    expect(now.data).toEqual(anAudit());
  });

  it("shows the server's message when the audit fails, the fallback otherwise", async () => {
    fakeApi({ 'GET /api/points/audit': () => ({ status: 400, body: { message: 'Validation failed', errors: [{ field: 'asOf', message: 'Invalid' }] } }) });
    const refused = await signedIn().dispatch(auditApi.endpoints.getPointsAudit.initiate({ asOf: 'x' }));
    expect(errorMessage(refused.error, auditFailure)).toBe('Validation failed');
    fakeApi({ 'GET /api/points/audit': () => ({ status: 502, text: '<html>Bad gateway</html>' }) });
    const failed = await signedIn().dispatch(auditApi.endpoints.getPointsAudit.initiate({}));
    expect(errorMessage(failed.error, auditFailure)).toBe('Failed to fetch points audit');
  });
});
