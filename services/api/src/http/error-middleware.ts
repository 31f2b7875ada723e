import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { messages } from '@tracker/contracts/messages';
import { DomainError } from '@tracker/domain/common/errors';
import { EventIdConflict } from '@tracker/eventstore/port';
import type { ProblemDocument } from '@tracker/contracts/common/problem';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './database-unavailable.ts';
import { HttpError, problem } from './problem.ts';
import type { AppState } from './app-state.ts';

const fieldOf = (path: PropertyKey[]): string => path.map(String).join('.') || 'body';

/**
 * The one place errors become problem documents (RFC 9457 plus `message` and `code`). Only a 500
 * carries the request id: equal client errors must be byte-identical (no account probing by diffing).
 */
export const toProblem = (error: unknown, requestId: string): { body: ProblemDocument; headers: Record<string, string> } => {
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ field: fieldOf(issue.path), message: issue.message }));
    const first = errors[0]!;
    return { body: problem(400, `${first.field}: ${first.message}`, 'validation_failed', { errors }), headers: {} };
  }
  if (error instanceof DomainError) {
    const errors = error.field ? [{ field: error.field, message: error.message }] : undefined;
    return { body: problem(error.status, error.message, error.code, errors ? { errors } : {}), headers: {} };
  }
  if (error instanceof HttpError) return { body: problem(error.status, error.message, error.code), headers: error.headers };
  // An Idempotency-Key reused for a different request: its event ids name events already stored otherwise.
  if (error instanceof EventIdConflict) return { body: problem(409, messages.idempotencyKeyReused, 'idempotency_key_reused'), headers: {} };
  // The database is restarting or failing over: nothing is wrong with the request, and a retry (with its
  // Idempotency-Key, should the append have committed) is safe.
  if (isDatabaseUnavailable(error)) {
    return { body: problem(503, messages.serviceUnavailable, 'service_unavailable'), headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } };
  }
  return { body: problem(500, messages.internalError, 'internal_error', { requestId }), headers: {} };
};

export const errorMiddleware = (): Middleware<AppState> => async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    const { body, headers } = toProblem(error, ctx.state.requestId);
    // Unavailable: expected while the database restarts, one line each without the stack.
    if (body.code === 'service_unavailable') ctx.state.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'database unavailable');
    else if (body.status >= 500) ctx.state.log.error({ err: error }, 'request failed');
    ctx.status = body.status;
    ctx.set(headers);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/problem+json';
    ctx.body = body;
  }
};
