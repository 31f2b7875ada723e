import { z } from 'zod';
import { problemDocument } from '@tracker/contracts/common/problem';
import type { AnyRoute } from './api-router.ts';

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** The OpenAPI document, generated from the same zod contracts the routes parse with. */
export const buildOpenApi = (specs: readonly AnyRoute[]) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const path = `/api${spec.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const declared = spec.params ? (schemaOf(spec.params, 'input') as { properties?: Record<string, unknown> }).properties : undefined;
    const params = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: declared?.[m[1]!] ?? { type: 'string' },
    }));
    const query = spec.query ? schemaOf(spec.query, 'input') : undefined;
    const queryParams =
      query && typeof query === 'object' && 'properties' in query
        ? Object.entries((query as { properties: Record<string, unknown> }).properties).map(([name, schema]) => ({ name, in: 'query', schema }))
        : [];
    paths[path] ??= {};
    paths[path][spec.method] = {
      summary: spec.summary,
      tags: [spec.tag],
      ...(spec.auth ? { security: [{ bearerAuth: [] }] } : {}),
      parameters: [...params, ...queryParams],
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body, 'input') } } } } : {}),
      responses: {
        [String(spec.status ?? 200)]: spec.response
          ? { description: 'OK', content: { 'application/json': { schema: schemaOf(spec.response, 'output') } } }
          : { description: 'OK' },
        default: { description: 'Problem', content: { 'application/problem+json': { schema: schemaOf(problemDocument, 'output') } } },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Points Tracker API', version: '1.0.0' },
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
};
