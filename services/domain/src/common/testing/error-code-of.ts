import { DomainError } from '../errors.ts';

/** The code a refusal carries (what the HTTP answer names it by); undefined when `attempt` succeeds, 'unexpected' for any other error. */
export const errorCodeOf = (attempt: () => unknown): string | undefined => {
  try {
    attempt();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'unexpected';
  }
};
