import { ErrorType } from '@eventstore/db-client';
import { ReadStalled } from './read-deadline.ts';

/**
 * Failures after which an append may or may not have been written: the client gave up waiting
 * (deadline exceeded; also what the server's own commit timeout is reported as), the connection or
 * the shared batch-append call broke (unavailable, cancelled by the server, unknown), or the node
 * stopped being leader between taking the write and confirming it; also the read that confirms an
 * acknowledged write stalling. A server drops a duplicate of a write it has not finished indexing
 * ("IdempotentNotReady") without answering, so a racing retry also ends here. Everything else (wrong
 * expected version, access denied, stream deleted, too big, and the server's answers the client
 * cannot name: `definiteAnswerOf`) is a definite answer.
 */
const OUTCOME_UNKNOWN: ReadonlySet<unknown> = new Set([
  ErrorType.TIMEOUT,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.UNAVAILABLE,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
  ErrorType.UNKNOWN,
]);

/**
 * Client 6.2.1 turns a batch-append answer whose detail type it does not know (the server's
 * BadRequest, e.g. an event over the size limit, or InternalError) into an UnknownError with this
 * message (`unpackToCommandError`): the server answered, and the write was not taken.
 */
const UNRECOGNISED_ANSWER = /^Could not recognize /;

/** gRPC statuses that answer the request itself (bad argument, refused, unsupported) rather than say the call broke. */
const DEFINITE_GRPC_CODES: ReadonlySet<unknown> = new Set([3, 7, 8, 9, 11, 12]);

/** An UnknownError that is in fact the server's definite answer. */
const isUnnamedAnswer = (error: { type?: unknown; message?: unknown; code?: unknown }): boolean =>
  error.type === ErrorType.UNKNOWN && ((typeof error.message === 'string' && UNRECOGNISED_ANSWER.test(error.message)) || DEFINITE_GRPC_CODES.has(error.code));

/** EventStoreDB refused an append with an answer the client cannot name; `reason` is the server's. */
export class AppendRejected extends Error {
  constructor(
    readonly stream: string,
    readonly reason: string,
    options: { cause: unknown },
  ) {
    super(`EventStoreDB rejected the append to ${stream}: ${reason}`, options);
    this.name = 'AppendRejected';
  }
}

/** The error to report for a failed append: the server's unnamed answers become AppendRejected (reason kept), the rest stay as they are. */
export const definiteAnswerOf = (stream: string, error: unknown): unknown => {
  if (typeof error !== 'object' || error === null || !isUnnamedAnswer(error)) return error;
  const { message } = error as { message?: unknown };
  const reason = typeof message === 'string' ? message.replace(UNRECOGNISED_ANSWER, '') : '';
  return new AppendRejected(stream, reason || 'no reason given', { cause: error });
};

export const isOutcomeUnknown = (error: unknown): boolean => {
  if (error instanceof ReadStalled) return true;
  if (typeof error !== 'object' || error === null) return false;
  return OUTCOME_UNKNOWN.has((error as { type?: unknown }).type) && !isUnnamedAnswer(error);
};

export interface AppendRetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * A racing duplicate costs one server commit timeout (2 s by default) per try until the original is
 * indexed, and a leader election a few seconds: six tries with up to 2 s between them cover both.
 */
export const DEFAULT_APPEND_RETRY: AppendRetryPolicy = { attempts: 6, firstDelayMs: 50, maxDelayMs: 2_000 };

/** Exponential, capped, with jitter so that writers that failed together do not retry together. */
export const retryDelayMs = (policy: AppendRetryPolicy, attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(policy.firstDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

/**
 * Runs `write` again, unchanged, while it fails with an unknown outcome: the caller must make the
 * write idempotent (same event ids at the same expected revision, which the server deduplicates).
 * The last error is rethrown once the tries are used up.
 */
export const retryWhileOutcomeUnknown = async <T>(write: () => Promise<T>, policy: AppendRetryPolicy): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isOutcomeUnknown(error) || attempt >= policy.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(policy, attempt)));
    }
  }
};
