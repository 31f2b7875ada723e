import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { WorkItemKind } from '../types/work-item-kind.ts';

/** spec.md §8: what a failed goal, task or subtask call carries (`CallError.message`), verbatim. */
export const goalCallMessages = {
  noData: 'Server returned no data',
  invalidFormat: (kind: WorkItemKind) => `Invalid response format from server - no valid ${kind} data`,
  serverError: (status: number, message: string | undefined) => `Server error (${status}): ${message ?? 'Unknown error'}`,
  noResponse: 'No response received from server',
  requestSetup: (detail: string) => `Request setup error: ${detail}`,
  noneReturned: (kind: 'task' | 'subtask') => `Failed to update ${kind} - no ${kind} returned`,
} as const;

/** spec.md §8's fallback texts: what a screen shows when the server gave no message of its own. */
export const goalFailures = {
  goal: { fetch: 'Failed to fetch goals', create: 'Failed to create goal', update: 'Failed to update goal', delete: 'Failed to delete goal' },
  task: { fetch: 'Failed to fetch tasks', create: 'Failed to create task', update: 'Failed to update task', delete: 'Failed to delete task' },
  subtask: {
    fetch: 'Failed to fetch subtasks',
    create: 'Failed to create subtask',
    update: 'Failed to update subtask',
    delete: 'Failed to delete subtask',
  },
} as const satisfies Record<WorkItemKind, Record<'fetch' | 'create' | 'update' | 'delete', string>>;

const serverMessage = (data: unknown): string | undefined => {
  const message = typeof data === 'object' && data !== null && 'message' in data ? data.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
};

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The §8 text for a request that got no usable answer, about an item of `kind`. */
export const describeGoalCallFailure =
  (kind: WorkItemKind) =>
  (error: FetchBaseQueryError): string => {
    switch (error.status) {
      case 'FETCH_ERROR':
      case 'TIMEOUT_ERROR':
        return goalCallMessages.noResponse;
      case 'CUSTOM_ERROR':
        // Refused before it was sent: no token, a path or body that could not be built.
        return goalCallMessages.requestSetup(error.error);
      case 'PARSING_ERROR':
        // A body that is not JSON: a proxy's HTML error page, or a success nobody can read.
        return isSuccess(error.originalStatus) ? goalCallMessages.invalidFormat(kind) : goalCallMessages.serverError(error.originalStatus, undefined);
      default:
        return goalCallMessages.serverError(error.status, serverMessage(error.data));
    }
  };
