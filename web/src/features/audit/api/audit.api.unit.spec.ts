import type { PointsAudit } from '@tracker/contracts/points/audit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { fakeApi, recordUrls } from '../../../testing/fake-api.ts';
import { anAuditEntry } from '../../../testing/fixtures.ts';
import { signedInStore } from '../../../testing/signed-in-store.ts';
import { auditApi, auditFailure } from './audit.api.ts';

const anAudit = (overrides: Partial<PointsAudit> = {}): PointsAudit => ({
  asOf: null,
  recordedTotal: 15,
  recomputedTotal: 15,
  ledgerTotal: 15,
  consistent: true,
  entries: [anAuditEntry()],
  mismatches: [],
  freezes: [],
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('points audit api', () => {
  it('asks for the present without asOf, and for a moment with it; answers with the audit', async () => {
    fakeApi({ 'GET /api/points/audit': () => ({ status: 200, body: { audit: anAudit(), entryCount: 1, nextCursor: null } }) });
    const urls = recordUrls();
    const store = signedInStore();
    const now = await store.dispatch(auditApi.endpoints.getPointsAudit.initiate({}));
    await store.dispatch(auditApi.endpoints.getPointsAudit.initiate({ asOf: '2026-11-20T17:08:59.999Z' }));
    expect(new URL(urls[0]!).searchParams.has('asOf')).toBe(false);
    expect(new URL(urls[1]!).searchParams.get('asOf')).toBe('2026-11-20T17:08:59.999Z');
    expect(now.data).toEqual(anAudit());
  });

  it('reads every page: the entries of all of them, in order, with the last page’s totals and verdict', async () => {
    const entry = (n: number) => ({ ...anAudit().entries[0]!, position: `100:${n}`, points: n });
    const pages: Record<string, { audit: PointsAudit; entryCount: number; nextCursor: string | null }> = {
      '': { audit: anAudit({ entries: [entry(1), entry(2)], recordedTotal: 3 }), entryCount: 5, nextCursor: 'page-2' },
      'page-2': { audit: anAudit({ entries: [entry(3), entry(4)], recordedTotal: 10 }), entryCount: 5, nextCursor: 'page-3' },
      'page-3': { audit: anAudit({ entries: [entry(5)], recordedTotal: 15, consistent: false }), entryCount: 5, nextCursor: null },
    };
    // The handler sees no URL: the recorder beside it knows which page was asked.
    let urls: string[] = [];
    fakeApi({ 'GET /api/points/audit': () => ({ status: 200, body: pages[new URL(urls.at(-1)!).searchParams.get('cursor') ?? '']! }) });
    urls = recordUrls();
    const read = await signedInStore().dispatch(auditApi.endpoints.getPointsAudit.initiate({ asOf: '2026-11-20T17:08:59.999Z' }));
    expect(read.data?.entries.map((e) => e.points)).toEqual([1, 2, 3, 4, 5]);
    expect(read.data).toMatchObject({ recordedTotal: 15, consistent: false });
    expect(urls.map((url) => new URL(url).searchParams.get('cursor'))).toEqual([null, 'page-2', 'page-3']);
    expect(urls.every((url) => new URL(url).searchParams.get('limit') === '1000' && new URL(url).searchParams.get('asOf') === '2026-11-20T17:08:59.999Z')).toBe(
      true,
    );
  });

  it("shows the server's message when the audit fails, the fallback otherwise", async () => {
    fakeApi({ 'GET /api/points/audit': () => ({ status: 400, body: { message: 'Validation failed', errors: [{ field: 'asOf', message: 'Invalid' }] } }) });
    const refused = await signedInStore().dispatch(auditApi.endpoints.getPointsAudit.initiate({ asOf: 'x' }));
    expect(errorMessage(refused.error, auditFailure)).toBe('Validation failed');
    fakeApi({ 'GET /api/points/audit': () => ({ status: 502, text: '<html>Bad gateway</html>' }) });
    const failed = await signedInStore().dispatch(auditApi.endpoints.getPointsAudit.initiate({}));
    expect(errorMessage(failed.error, auditFailure)).toBe('Failed to fetch points audit');
  });
});
