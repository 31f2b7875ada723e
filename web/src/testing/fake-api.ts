import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  /** Raw text instead of JSON, e.g. an HTML error page from a proxy. */
  text?: string;
  headers?: Record<string, string>;
}

/** Answers a request from its body and its URL (a paged list reads `cursor` from its query). */
type Handler = (body: unknown, url: URL) => FakeResponse;

/**
 * Stubs fetch (and Request, so the app's relative `/api` URLs resolve in Node) with a route table
 * keyed by 'METHOD /path'. Unknown routes answer 404. Undo with vi.unstubAllGlobals().
 */
export const fakeApi = (routes: Record<string, Handler>): { requests: RecordedRequest[] } => {
  const requests: RecordedRequest[] = [];
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname;
    const raw = await request.text();
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    requests.push({
      method: request.method,
      path,
      authorization: request.headers.get('Authorization'),
      idempotencyKey: request.headers.get('Idempotency-Key'),
      body,
    });
    const answer = routes[`${request.method} ${path}`]?.(body, url) ?? { status: 404, body: { message: 'No such API route' } };
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    // A 204 must have no body at all, not even an empty one.
    return new Response(text === '' ? null : text, { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
  });
  return { requests };
};

/** Records the full URLs fetched (fakeApi's requests keep the path only); call after fakeApi. */
export const recordUrls = (): string[] => {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (request: Request) => {
    urls.push(request.url);
    return inner(request);
  });
  return urls;
};
