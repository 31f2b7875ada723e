import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tracker/contracts/messages';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { CORS_ORIGINS: 'https://app.example.com' } });
});
afterAll(async () => {
  await app?.stop();
});

describe('HTTP conventions', () => {
  it('answers unknown /api routes with a 404 problem document', async () => {
    const res = await app.json('GET', '/api/nope/never');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found', message: messages.routeNotFound, code: 'route_not_found' });
  });

  it('serves the web app for other paths, with a tight CSP', async () => {
    const res = await app.request('GET', '/dashboard/anything');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<div id="root">');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  /** The raw answer (fetch would decode it): headers and the body as sent. */
  const raw = (target: string, acceptEncoding?: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.get(`${app.url}${target}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
    });

  it('compresses text answers in brotli or gzip as the client asks, and sends them plain otherwise', async () => {
    const plain = await raw('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(plain.body.toString('utf8'));
    const br = await raw('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(document);
    const gzip = await raw('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(document);
  });

  it('serves hashed assets compressed and immutable for a year, and index.html revalidated', async () => {
    const dir = path.resolve(import.meta.dirname, '../../../web/dist/assets');
    const [largest] = readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size);
    expect(largest).toBeDefined();
    const asset = await raw(`/assets/${largest}`, 'br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.body).length).toBe(statSync(path.join(dir, largest!)).size);
    const index = await raw('/', 'br');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('marks API answers no-store and gives every request an id', async () => {
    const res = await app.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app.request('GET', '/api/health', { headers: { 'x-request-id': 'client-chosen-id-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-chosen-id-123');
  });

  it('answers JSON bodies over 1 MB with 413 and changes nothing', async () => {
    const email = `big.${Date.now()}@example.com`;
    const res = await app.json('POST', '/api/auth/register', { body: { name: 'x'.repeat(1024 * 1024 + 10), email, password: 'password123' } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(messages.payloadTooLarge);
    expect((await app.json('POST', '/api/auth/login', { body: { email, password: 'password123' } })).status).toBe(401);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.json('POST', '/api/auth/login', { body: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.invalidJson);
  });

  it('allows CORS only for listed origins', async () => {
    const allowed = await app.request('OPTIONS', '/api/auth/login', {
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const denied = await app.request('OPTIONS', '/api/auth/login', {
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reports readiness with each projection and its lag', async () => {
    const res = await app.json('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready', eventStore: 'postgres: ok', readModels: 'ok' });
    expect(res.body.projections.users).toBeDefined();
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const res = await app.json('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.3');
    const register = res.body.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'password']);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/users/profile', '/api/health', '/api/ready']));
    expect(res.body.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
