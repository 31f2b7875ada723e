import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

/**
 * A failed call as the API layer reports it: the base query's error (its `data` still the server's
 * problem document, if any) plus, in `message`, the spec's text for the failure (spec.md §5, §8), e.g.
 * 'Server error (500): Unknown error'. That text is for logs and tests; a screen shows `errorMessage`.
 */
export type CallError = FetchBaseQueryError & { message: string };

/** Field name → message, from a problem document's `errors` array. */
export type FieldErrors = Partial<Record<string, string>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const problemOf = (error: ApiError): Record<string, unknown> | undefined =>
  isRecord(error) && 'status' in error && isRecord(error.data) ? error.data : undefined;

/**
 * What a person reads: the server's own `message` (e.g. a 400's 'title: is required'), else the
 * screen's fallback text from spec.md §8 ('Failed to create goal'). A call's own failure text
 * (`callFailure`) is never shown: 'Server error (500): Unknown error' says nothing to a user.
 */
export const errorMessage = (error: ApiError, fallback: string): string => {
  const message = problemOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};

/** The spec's text a failed call carries (`CallError.message`), if it carries one. */
export const callFailure = (error: ApiError): string | undefined =>
  isRecord(error) && 'status' in error && 'message' in error && typeof error.message === 'string' ? error.message : undefined;

/** Per-field messages of a 400 problem document (`errors: [{ field, message }]`); the first per field wins. */
export const fieldErrors = (error: ApiError): FieldErrors => {
  const list = problemOf(error)?.errors;
  const result: FieldErrors = {};
  if (!Array.isArray(list)) return result;
  for (const item of list) {
    if (!isRecord(item) || typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    result[item.field] ??= item.message;
  }
  return result;
};
