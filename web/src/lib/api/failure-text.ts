import type { ApiError } from './api-errors.ts';

/** 'title: is required', 'actionables.1.weight: …': a server message that starts with a field key. */
export const FIELD_KEY_PREFIX = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*: /;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

interface Failure {
  /** An HTTP status, or fetchBaseQuery's 'FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR', 'CUSTOM_ERROR'. */
  status: number | string | undefined;
  code: string | undefined;
  message: string | undefined;
}

export const failureOf = (error: ApiError): Failure => {
  if (!isRecord(error) || !('status' in error)) return { status: undefined, code: undefined, message: undefined };
  const data = isRecord(error.data) ? error.data : {};
  return {
    // An answer that is not JSON (a proxy's 'Internal Server Error' page) keeps its HTTP status here.
    status: error.status === 'PARSING_ERROR' && 'originalStatus' in error ? error.originalStatus : error.status,
    code: typeof data.code === 'string' ? data.code : undefined,
    message: typeof data.message === 'string' && data.message.trim() !== '' ? data.message.trim() : undefined,
  };
};

/** Answers whose words are about the request's plumbing, not about anything the user did. */
const plumbingCodes = new Set(['invalid_json', 'unsupported_media_type', 'route_not_found', 'idempotency_key_reused', 'internal_error']);
const internalWording =
  /^(?:validation failed|bad request|internal server error|unknown error|error|not found|no such api route)\.?$|expected \w+, received \w+|^invalid input|idempotency-key|request body/i;

/** Whether a server message is fit to show a person: written for them, not for a developer. */
export const isHumanMessage = (message: string): boolean => !FIELD_KEY_PREFIX.test(message) && !internalWording.test(message);

const unreachable = 'The server could not be reached. Check your connection and try again.';
const overloaded = 'Something went wrong on our side. Please try again in a moment.';

/**
 * What a failed call says to the user: the server's message when it is written for people, else
 * the spec.md §8 fallback ('Failed to create actionable'), with a sentence on what to do when the
 * cause is known (no connection, a server fault). Never a field key, never an internal text.
 */
export const failureText = (error: ApiError, fallback: string): string => {
  const { status, code, message } = failureOf(error);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return `${fallback}. ${unreachable}`;
  if (typeof status === 'number' && status >= 500) return `${fallback}. ${overloaded}`;
  if (message === undefined || (code !== undefined && plumbingCodes.has(code)) || !isHumanMessage(message)) return fallback;
  return message;
};
