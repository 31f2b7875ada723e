import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
}

/**
 * One client of the API over real HTTP: its own keep-alive connection (one socket, like one browser
 * tab) and, once signed in, its own bearer token.
 */
export interface ApiClient {
  token: string | undefined;
  /** Sends one request; a status other than `expect` (one or several) fails with the answer's body. */
  send<T = unknown>(method: string, path: string, options?: SendOptions): Promise<ApiAnswer<T>>;
  close(): void;
}

export interface SendOptions {
  body?: unknown;
  expect?: number | readonly number[];
  /** Request headers besides accept, content type and authorization. */
  headers?: http.OutgoingHttpHeaders;
}

export const createApiClient = (baseUrl: string): ApiClient => {
  const { hostname, port } = new URL(baseUrl);
  // Idle sockets closed by the client after 4 s, before the server's keep-alive timeout (5 s) closes them
  // under a request just being sent ('socket hang up').
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, timeout: 4_000 });
  const client: ApiClient = {
    token: undefined,
    send: <T>(method: string, path: string, options: SendOptions = {}) =>
      new Promise<ApiAnswer<T>>((resolve, reject) => {
        const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
        const headers: http.OutgoingHttpHeaders = { accept: 'application/json', ...options.headers };
        if (payload !== undefined) {
          headers['content-type'] = 'application/json';
          headers['content-length'] = Buffer.byteLength(payload);
        }
        if (client.token) headers.authorization = `Bearer ${client.token}`;
        const started = performance.now();
        const request = http.request({ agent, hostname, port, method, path, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            const expected = options.expect ?? 200;
            if (typeof expected === 'number' ? status !== expected : !expected.includes(status)) {
              const elapsed = (performance.now() - started).toFixed(0);
              reject(new Error(`${method} ${path} answered ${status} after ${elapsed} ms, expected ${[expected].flat().join(' or ')}: ${text.slice(0, 500)}`));
              return;
            }
            resolve({ status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers });
          });
        });
        request.on('error', reject);
        request.end(payload);
      }),
    close: () => agent.destroy(),
  };
  return client;
};
