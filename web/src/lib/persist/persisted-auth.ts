import { user } from '@tracker/contracts/users/http';
import type { AuthState } from '../auth/auth.slice.ts';
import { usableToken } from '../auth/token-storage.ts';
import { fittingFields, type FieldSchemas } from './validated-migrate.ts';

/** Bump when the stored shape changes, and translate the older shape in `restoreAuth`. */
export const AUTH_PERSIST_VERSION = 1;

/**
 * spec.md §4 persists the auth slice; of it only token and user are written, since an error or the
 * admin flag must not survive a reload. The user must fit the contract's shape: screens read its
 * fields without checks. A token that does not fit falls back to localStorage's copy.
 */
export const persistedAuthFields: FieldSchemas<AuthState> = {
  token: usableToken.nullable(),
  user: user.nullable(),
};

export const persistedAuthKeys = Object.keys(persistedAuthFields);

export const restoreAuth = (stored: Record<string, unknown>): Partial<AuthState> => fittingFields(persistedAuthFields, stored);
