import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

/** Field name → message, from a problem document's `errors` array. */
export type FieldErrors = Partial<Record<string, string>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const problemOf = (error: ApiError): Record<string, unknown> | undefined =>
  isRecord(error) && 'status' in error && isRecord(error.data) ? error.data : undefined;

/** The server's `message`, or the given fallback text (spec.md §8) when there is none. */
export const errorMessage = (error: ApiError, fallback: string): string => {
  const message = problemOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};

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

/** Field errors for fields a form does not show, so they are not lost. */
export const unshownFieldErrors = (errors: FieldErrors, shown: readonly string[]): string[] =>
  Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .map(([field, message]) => `${field}: ${message}`);
