import { ErrorType } from '@eventstore/db-client';

/**
 * Failures after which an append may or may not have been written: the client gave up waiting
 * (deadline exceeded; also what the server's own commit timeout is reported as), the connection or
 * the shared batch-append call broke (unavailable, cancelled by the server, unknown), or the node
 * stopped being leader between taking the write and confirming it. A server drops a duplicate of a
 * write it has not finished indexing ("IdempotentNotReady") without answering, so a racing retry
 * also ends here. Everything else (wrong expected version, access denied, stream deleted, too big)
 * is a definite answer.
 */
const OUTCOME_UNKNOWN: ReadonlySet<unknown> = new Set([
  ErrorType.TIMEOUT,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.UNAVAILABLE,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
  ErrorType.UNKNOWN,
]);

export const isOutcomeUnknown = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && OUTCOME_UNKNOWN.has((error as { type?: unknown }).type);

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
