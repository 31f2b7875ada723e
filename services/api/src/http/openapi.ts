import { z } from 'zod';
import { problemDocument } from '@tracker/contracts/common/problem';
import type { AnyRoute, ClientErrorStatus } from './api-router.ts';

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

/** A response whose body is a problem document saying why. */
const problemResponse = (description: string, headers?: Record<string, unknown>) => ({ description, ...(headers ? { headers } : {}), content: problemContent });
/** The header of the answers that ask the client to come back later. */
const retryAfter = (description: string) => ({ 'Retry-After': { description, schema: { type: 'integer', minimum: 1 } } });

/** Every client error the API answers, as a shared response. */
const clientErrors: Record<ClientErrorStatus, { name: string; response: Record<string, unknown> }> = {
  400: {
    name: 'BadRequest',
    response: problemResponse(
      'The input does not match: `errors` names each field at fault (params, query or body; `code` validation_failed), or the body is not JSON',
    ),
  },
  401: { name: 'Unauthorized', response: problemResponse('No valid session (or, for a login, wrong credentials)') },
  403: {
    name: 'Forbidden',
    response: problemResponse(
      'Not with this credential: a personal API token without the write scope (any method but GET), or a token on an operation only a signed-in session may call',
    ),
  },
  404: { name: 'NotFound', response: problemResponse("No such item among the caller's") },
  409: {
    name: 'Conflict',
    response: problemResponse("The item's state refuses the command, its Idempotency-Key was used for another request, or concurrent writers won every retry"),
  },
  413: { name: 'ContentTooLarge', response: problemResponse('The body is over its limit (1 MB unless the route allows more)') },
  415: { name: 'UnsupportedMediaType', response: problemResponse('The body is not application/json') },
  422: { name: 'UnprocessableContent', response: problemResponse('Valid input that a business rule refuses') },
  429: { name: 'TooManyRequests', response: problemResponse('Over a limit: try again after Retry-After seconds', retryAfter('Seconds to wait')) },
};

/** Answered by Node's HTTP server before the app, to any request whose headers pass 16 KB: no body. */
const headersTooLarge = { description: "The request's headers are over 16 KB (Node's HTTP server answers, without a body)" };
const databaseUnavailable = problemResponse(
  'The database is unreachable for now (restarting, failing over): retry after Retry-After seconds',
  retryAfter('Seconds to wait before retrying'),
);

/** A conditional GET's request header. */
const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the copy the client holds: 304 without a body while it is current',
  schema: { type: 'string' },
};

/** Routes that answer without the database (liveness, this document) or say so in their own body (readiness). */
const answersWithoutDatabase = (route: AnyRoute): boolean => route.tag === 'system';

const isWrite = (route: AnyRoute) => route.method !== 'get';

/**
 * The client errors a route can answer: derived from its declaration, plus those it declares.
 * Input (params, query, body) → 400 with field errors; any write also reads a JSON body and an
 * Idempotency-Key (400, 413, 415) and is a command (409: a reused key or lost races); auth → 401;
 * an authenticated write, or a `sessionOnly` route, → 403 (a personal API token's scope); an `:id`
 * → 404; `heavy` → 429.
 */
export const clientErrorsOf = (route: AnyRoute): ClientErrorStatus[] => {
  const statuses = new Set<ClientErrorStatus>(route.errors ?? []);
  if (route.params || route.query || route.body || isWrite(route)) statuses.add(400);
  if (route.auth) statuses.add(401);
  if (route.auth && (isWrite(route) || route.sessionOnly)) statuses.add(403);
  if (/:id\b/.test(route.path)) statuses.add(404);
  if (isWrite(route)) for (const status of [409, 413, 415] as const) statuses.add(status);
  if (route.heavy) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
};

/** `/goals/tasks/:id` → `/api/goals/tasks/{id}`. */
const templateOf = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

/** Each of the route's paths in the document: its template, or one per value of its `pathValues`. */
const pathsOf = (route: AnyRoute): { path: string; fixed: Record<string, string> }[] => {
  let expanded = [{ path: route.path, fixed: {} as Record<string, string> }];
  for (const [param, values] of Object.entries(route.pathValues ?? {})) {
    expanded = expanded.flatMap(({ path, fixed }) => values.map((value) => ({ path: path.replace(`:${param}`, value), fixed: { ...fixed, [param]: value } })));
  }
  return expanded.map(({ path, fixed }) => ({ path: templateOf(path), fixed }));
};

/** `in-progress` → `InProgress`: an operationId suffix for one of a parameter's values. */
const suffixOf = (value: string) => value.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_match, _sep: string, first: string) => first.toUpperCase());

/** An operation of the document: its method and path template. */
export interface OperationPath {
  method: string;
  path: string;
}

/**
 * Two operations the same request could reach: the same method (a request names its method, and the
 * router matches method and path together) and templates the same path could match (a fixed segment
 * where the other has a parameter, and the reverse).
 */
const ambiguous = (a: OperationPath, b: OperationPath): boolean => {
  if (a.method.toLowerCase() !== b.method.toLowerCase()) return false;
  const x = a.path.split('/');
  const y = b.path.split('/');
  const variable = (segment: string) => /^\{.+\}$/.test(segment);
  if (x.length !== y.length || x.filter(variable).length !== y.filter(variable).length) return false;
  return x.every((segment, i) => variable(segment) || variable(y[i]!) || segment === y[i]);
};

/** Operations in the document that the same request could reach, as 'METHOD path' pairs: none are allowed (clients could not tell which is meant). */
export const ambiguousOperations = (operations: readonly OperationPath[]): [string, string][] => {
  const named = (operation: OperationPath) => `${operation.method.toUpperCase()} ${operation.path}`;
  return operations.flatMap((a, i) =>
    operations.slice(i + 1).flatMap((b): [string, string][] => (named(a) !== named(b) && ambiguous(a, b) ? [[named(a), named(b)]] : [])),
  );
};

/** The OpenAPI document, generated from the same zod contracts the routes parse with. */
/** The document of `specs`, grouped by `tags` (every feature's: name → what the group is); a route whose tag no feature declares is a programming error. */
export const buildOpenApi = (specs: readonly AnyRoute[], tags: Readonly<Record<string, string>>) => {
  const undeclared = specs.filter((spec) => !(spec.tag in tags)).map((spec) => `${spec.name} (${spec.tag})`);
  if (undeclared.length > 0) throw new Error(`Routes tagged with a tag no feature declares: ${undeclared.join(', ')}`);
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<ClientErrorStatus>();
  for (const spec of specs) {
    const declared = spec.params ? (schemaOf(spec.params, 'input') as { properties?: Record<string, unknown> }).properties : undefined;
    const query = spec.query ? schemaOf(spec.query, 'input') : undefined;
    const queryParams =
      query && typeof query === 'object' && 'properties' in query
        ? Object.entries((query as { properties: Record<string, unknown> }).properties).map(([name, schema]) => ({ name, in: 'query', schema }))
        : [];
    const errors = clientErrorsOf(spec);
    for (const status of errors) used.add(status);
    const variants = pathsOf(spec);
    for (const { path, fixed } of variants) {
      const params = [...spec.path.matchAll(/:([A-Za-z]+)/g)]
        .filter((m) => !(m[1]! in fixed))
        .map((m) => ({ name: m[1], in: 'path', required: true, schema: declared?.[m[1]!] ?? { type: 'string' } }));
      const suffix = Object.values(fixed).map(suffixOf).join('');
      paths[path] ??= {};
      paths[path][spec.method] = {
        operationId: variants.length > 1 ? `${spec.name}${suffix}` : spec.name,
        summary: variants.length > 1 ? `${spec.summary}: ${Object.values(fixed).join(', ')}` : spec.summary,
        ...(spec.sessionOnly ? { description: 'A signed-in session only: a personal API token is refused (403).' } : {}),
        tags: [spec.tag],
        // Public operations say so: no security requirement at all.
        security: spec.auth ? [{ bearerAuth: [] }] : [],
        parameters: [...params, ...queryParams, ...(spec.conditional ? [ifNoneMatch] : [])],
        ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body, 'input') } } } } : {}),
        responses: {
          [String(spec.status ?? 200)]: {
            ...(spec.response
              ? { description: 'OK', content: { [spec.mediaType ?? 'application/json']: { schema: schemaOf(spec.response, 'output') } } }
              : { description: spec.status === 204 ? 'Done, nothing to answer' : 'OK' }),
            ...(spec.conditional ? { headers: { ETag: { description: 'The answer’s tag, for If-None-Match', schema: { type: 'string' } } } } : {}),
          },
          ...(spec.conditional ? { '304': { description: 'Not modified: the If-None-Match tag is still the answer’s (no body)' } } : {}),
          ...Object.fromEntries(errors.map((status) => [String(status), { $ref: `#/components/responses/${clientErrors[status].name}` }])),
          '431': { $ref: '#/components/responses/HeaderFieldsTooLarge' },
          ...(answersWithoutDatabase(spec) ? {} : { '503': { $ref: '#/components/responses/DatabaseUnavailable' } }),
          default: problemResponse('A server error (5xx), as a problem document with the requestId to report'),
        },
      };
    }
  }
  const usedTags = new Set(specs.map((spec) => spec.tag));
  return {
    openapi: '3.0.3',
    info: { title: 'Points Tracker API', version: '1.0.0' },
    servers: [{ url: '/', description: 'The server this document was fetched from' }],
    tags: Object.entries(tags)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A session's JWT (from login or register), or a personal API token (`pt_…`, from POST /api/tokens): scoped read (GET only) or read and write, rate-limited per token, never for the account's or the tokens' own operations",
        },
      },
      schemas: { Problem: schemaOf(problemDocument, 'output') },
      responses: {
        ...Object.fromEntries([...used].sort((a, b) => a - b).map((status) => [clientErrors[status].name, clientErrors[status].response])),
        HeaderFieldsTooLarge: headersTooLarge,
        DatabaseUnavailable: databaseUnavailable,
      },
    },
    paths,
  };
};
