import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

const run = promisify(execFile);

/** Inside the repository (git-ignored), so the generated client resolves openapi-fetch and tsx from its node_modules. */
const OUTPUT = path.resolve(import.meta.dirname, '../test-output');

/** A client as a user of the API would write it: openapi-fetch typed by the generated `paths`. */
const journey = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({ baseUrl: process.env.API_URL });
const email = \`client.\${Date.now()}@example.com\`;
const password = 'correct horse battery';

const registered = await client.POST('/api/auth/register', { body: { name: 'Generated Client', email, password } });
if (!registered.data) throw new Error(\`register: \${registered.response.status} \${JSON.stringify(registered.error)}\`);
const login = await client.POST('/api/auth/login', { body: { email, password } });
if (!login.data) throw new Error(\`login: \${login.response.status} \${login.error?.message}\`);
const headers = { authorization: \`Bearer \${login.data.token}\` };

const created = await client.POST('/api/actionables/habits', { headers, body: { title: 'Read a chapter', weight: 2, recurrence: { frequency: 'daily' } } });
if (!created.data) throw new Error(\`create habit: \${created.response.status} \${created.error?.message}\`);
const id = created.data.habit.id;

const completed = await client.PATCH('/api/actionables/habits/{id}/complete', { headers, params: { path: { id } } });
if (!completed.data) throw new Error(\`complete habit: \${completed.response.status} \${completed.error?.message}\`);
const again = await client.PATCH('/api/actionables/habits/{id}/complete', { headers, params: { path: { id } } });
const missing = await client.GET('/api/actionables/{id}', { headers, params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });

console.log(JSON.stringify({
  user: login.data.user.email,
  habit: completed.data.habit.title,
  streak: completed.data.streak,
  pointsAwarded: completed.data.pointsAwarded,
  again: { status: again.response.status, code: again.error?.code },
  missing: { status: missing.response.status, code: missing.error?.code },
}));
`;

/** What the generated types must refuse: a habit whose title is a number, a path without its id. */
const misuse = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://localhost' });
await client.POST('/api/actionables/habits', { body: { title: 42 } });
await client.PATCH('/api/actionables/habits/{id}/complete', {});
`;

const typeErrors = (files: string[]): string[] => {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: ['node'],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
};

let app: TestApp;
let dir: string;
let document: { paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>> };

beforeAll(async () => {
  app = await startTestApp();
  await mkdir(OUTPUT, { recursive: true });
  dir = await mkdtemp(path.join(OUTPUT, 'openapi-client-'));
  document = (await app.json('GET', '/api/openapi.json')).body;
});
afterAll(async () => {
  await app?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Whether Redocly's no-ambiguous-paths finding names two paths with a method in common in `doc` (other findings: true). */
const sharesAMethod = (doc: { paths: Record<string, object> }, finding: string): boolean => {
  const named = /ambiguous paths: `([^`]+)` and `([^`]+)`/.exec(finding);
  if (!named) return true;
  const methods = (template: string) => Object.keys(doc.paths[template] ?? {});
  return methods(named[1]!).some((method) => methods(named[2]!).includes(method));
};

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules: no errors; no warning but the missing licence", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: `${app.url}/api/openapi.json`, config });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(described.filter((p) => p.startsWith('error'))).toEqual([]);
    // The project names no licence; anything else recommended asks for is there — but for two
    // templates one URL could match that share no method (DELETE …/habits/freezes/{id} beside PATCH
    // …/habits/{id}/complete): a request names its method and the router matches both together.
    expect(described.filter((p) => !p.includes(' info-license: ') && !(p.includes(' no-ambiguous-paths: ') && !sharesAMethod(document, p)))).toEqual([]);
  }, 120_000);

  it('still counts two templates one URL could match when they share a method', async () => {
    const ok = { responses: { '200': { description: 'OK' } } };
    const twin = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a/{id}/complete': { get: ok, patch: ok },
        '/a/freezes/{id}': { get: ok, delete: ok },
        '/b/{id}/complete': { patch: ok },
        '/b/freezes/{id}': { delete: ok },
      },
    };
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(twin), absoluteRef: 'https://example.test/openapi.json', config });
    const ambiguous = problems.filter((p) => p.ruleId === 'no-ambiguous-paths').map((p) => p.message);
    expect(ambiguous).toHaveLength(2);
    expect(ambiguous.filter((message) => sharesAMethod(twin, message))).toEqual([expect.stringContaining('/a/')]);
  });

  it('names every operation and lists the client errors it can answer', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(60);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((operation) => !Object.keys(operation.responses).some((status) => status.startsWith('4')))).toEqual([]);
  });

  it("is honest about the 431 every operation lists: Node's HTTP server refuses headers over 16 KB", async () => {
    const res = await fetch(`${app.url}/api/health`, { headers: { 'x-padding': 'x'.repeat(17 * 1024) } });
    expect(res.status).toBe(431);
  });
});

describe('a TypeScript client generated from it', () => {
  it('type-checks, refuses misuse, and registers, logs in, creates a habit and completes it against the server', async () => {
    const types = astToString(await openapiTS(JSON.stringify(document)));
    await writeFile(path.join(dir, 'api.ts'), types);
    await writeFile(path.join(dir, 'journey.ts'), journey);
    await writeFile(path.join(dir, 'misuse.ts'), misuse);

    expect(typeErrors([path.join(dir, 'journey.ts')])).toEqual([]);
    const refused = typeErrors([path.join(dir, 'misuse.ts')]);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain("Type 'number' is not assignable to type 'string'");
    expect(refused[1]).toContain('path: { id: string; }');

    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(dir, 'journey.ts')], {
      env: { ...process.env, API_URL: app.url },
      cwd: dir,
    });
    expect(JSON.parse(stdout)).toMatchObject({
      habit: 'Read a chapter',
      streak: 1,
      pointsAwarded: expect.any(Number),
      again: { status: 409, code: 'habit_already_completed' },
      missing: { status: 404, code: 'not_found' },
    });
  }, 180_000);
});
