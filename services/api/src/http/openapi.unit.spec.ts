import type { Middleware } from 'koa';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { apiFeatures } from '../features.ts';
import { createApiRouter, routesFor, type AnyRoute } from './api-router.ts';
import type { AppState } from './app-state.ts';
import { ambiguousOperations, buildOpenApi, clientErrorsOf } from './openapi.ts';

const route = routesFor<unknown>();
const handle = () => undefined;
const allRoutes: AnyRoute[] = apiFeatures.flatMap((feature) => feature.routes);
const allTags = Object.fromEntries(apiFeatures.flatMap((feature) => Object.entries(feature.tags)));
const document = buildOpenApi(allRoutes, allTags);
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, ...(operation as { operationId: string; responses: Record<string, unknown> }) })),
);

describe('the OpenAPI document of every route', () => {
  it('groups each route under a tag its own feature declares, each tag declared once', () => {
    for (const feature of apiFeatures) for (const spec of feature.routes) expect([feature.name, spec.tag in feature.tags]).toEqual([feature.name, true]);
    const declared = apiFeatures.flatMap((feature) => Object.keys(feature.tags));
    expect(new Set(declared).size).toBe(declared.length);
    expect(() => buildOpenApi([{ ...allRoutes[0]!, tag: 'nowhere' }], allTags)).toThrow('Routes tagged with a tag no feature declares');
  });

  it('names every operation once, by its route', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const spec of allRoutes) expect(ids.filter((id) => id.startsWith(spec.name)).length).toBeGreaterThan(0);
  });

  it('has no two operations one request could reach', () => {
    expect(ambiguousOperations(operations)).toEqual([]);
    // DELETE /actionables/habits/freezes/{id} beside PATCH /actionables/habits/{id}/complete: no request is both.
    expect(operations).toContainEqual(expect.objectContaining({ method: 'delete', path: '/api/actionables/habits/freezes/{id}' }));
    expect(operations).toContainEqual(expect.objectContaining({ method: 'patch', path: '/api/actionables/habits/{id}/complete' }));
  });

  it('calls two operations ambiguous only when one request could reach both: the same method and paths a request could match', () => {
    const op = (method: string, path: string) => ({ method, path });
    expect(ambiguousOperations([op('delete', '/a/habits/freezes/{id}'), op('patch', '/a/habits/{id}/complete')])).toEqual([]);
    expect(ambiguousOperations([op('get', '/a/tasks/status/{status}'), op('get', '/a/tasks/{id}/subtasks')])).toEqual([
      ['GET /a/tasks/status/{status}', 'GET /a/tasks/{id}/subtasks'],
    ]);
    expect(ambiguousOperations([op('get', '/a/{id}'), op('GET', '/a/{key}')])).toEqual([['GET /a/{id}', 'GET /a/{key}']]);
    expect(ambiguousOperations([op('get', '/a/habits'), op('get', '/a/{id}'), op('post', '/a/habits')])).toEqual([]);
  });

  it('lists, for a parameter spelled out value by value, only values the route accepts', () => {
    const spelled = allRoutes.filter((spec) => spec.pathValues);
    expect(spelled.map((spec) => spec.path)).toEqual(
      expect.arrayContaining(['/goals/tasks/status/:status', '/goals/tasks/priority/:priority', '/goals/subtasks/status/:status']),
    );
    for (const spec of spelled) {
      for (const [param, values] of Object.entries(spec.pathValues!)) {
        for (const value of values) expect(spec.params!.safeParse({ [param]: value }).success, `${spec.path} ${value}`).toBe(true);
      }
    }
    expect(document.paths['/api/goals/tasks/status/in-progress']).toMatchObject({ get: { operationId: 'listTasksByStatusInProgress' } });
    expect(document.paths['/api/goals/subtasks/priority/5']).toMatchObject({ get: { operationId: 'listSubtasksByPriority5' } });
  });

  it('says which operations answer 503 with Retry-After while the database is down: all but liveness, readiness and this document', () => {
    const without = operations.filter((operation) => !('503' in operation.responses)).map((operation) => operation.path);
    expect(without.sort()).toEqual(['/api/health', '/api/openapi.json', '/api/ready']);
    expect(document.components.responses.DatabaseUnavailable).toMatchObject({ headers: { 'Retry-After': { schema: { type: 'integer' } } } });
  });

  it('declares security on every operation: bearer where the route needs a session, none at all where it is public', () => {
    expect(document.paths['/api/auth/login']!.post).toMatchObject({ security: [] });
    expect(document.paths['/api/goals/goals']!.get).toMatchObject({ security: [{ bearerAuth: [] }] });
  });

  it('says where a personal API token is refused: its scheme, every write, and each session-only operation', () => {
    expect(document.components.securitySchemes.bearerAuth.description).toContain('pt_');
    for (const [path, method] of [
      ['/api/tokens', 'get'],
      ['/api/tokens', 'post'],
      ['/api/tokens/{id}', 'delete'],
      ['/api/auth/me', 'put'],
      ['/api/users/profile', 'put'],
    ] as const) {
      const operation = (document.paths[path] as Record<string, { description?: string; responses: Record<string, unknown> }>)[method]!;
      expect([path, method, operation.description]).toEqual([path, method, expect.stringContaining('personal API token is refused')]);
      expect(operation.responses).toHaveProperty('403');
    }
    expect(document.paths['/api/goals/goals']!.post).toMatchObject({ responses: { '403': { $ref: '#/components/responses/Forbidden' } } });
    expect(document.paths['/api/goals/goals']!.get).not.toHaveProperty('responses.403');
  });
});

describe('the client errors of a route', () => {
  it('follow from its declaration', () => {
    expect(clientErrorsOf(route({ name: 'health', method: 'get', path: '/health', summary: '', tag: 'system', auth: false, handle }))).toEqual([]);
    expect(clientErrorsOf(route({ name: 'list', method: 'get', path: '/things', summary: '', tag: 'goals', auth: true, query: z.object({}), handle }))).toEqual(
      [400, 401],
    );
    expect(
      clientErrorsOf(
        route({ name: 'remove', method: 'delete', path: '/things/:id', summary: '', tag: 'goals', auth: true, params: z.object({ id: z.string() }), handle }),
      ),
    ).toEqual([400, 401, 403, 404, 409, 413, 415]);
    // A personal API token: refused on a session-only route whatever its method.
    expect(
      clientErrorsOf(route({ name: 'listKeys', method: 'get', path: '/keys', summary: '', tag: 'tokens', auth: true, sessionOnly: true, handle })),
    ).toEqual([401, 403]);
  });

  it('add those it declares', () => {
    expect(clientErrorsOf(route({ name: 'login', method: 'post', path: '/login', summary: '', tag: 'auth', auth: false, errors: [401, 429], handle }))).toEqual(
      [400, 401, 409, 413, 415, 429],
    );
  });
});

describe('mounting routes', () => {
  const pass: Middleware<AppState> = (_ctx, next) => next();
  // A variable, not a literal: options other work may add are not this test's concern.
  const options = { requireAuth: pass, heavyReads: pass, settle: () => Promise.resolve(true), checkResponses: false };
  const named = (name: string, path: string) => route({ name, method: 'get', path, summary: '', tag: 'system', auth: false, handle });

  it('refuses a second route of the same name', () => {
    expect(() => createApiRouter(options).mount([named('getThing', '/a'), named('getThing', '/b')], {})).toThrow('Two routes named "getThing"');
  });

  it('refuses a name that is not camelCase', () => {
    expect(() => createApiRouter(options).mount([named('get-thing', '/a')], {})).toThrow('must be camelCase');
  });
});
