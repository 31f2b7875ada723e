import { user } from '@tracker/contracts/users/http';
import { z } from 'zod';
import type { AuthState } from '../auth/auth.slice.ts';
import { USABLE_TOKEN } from '../auth/token-storage.ts';
import { fittingFields, type FieldSchemas } from './validated-migrate.ts';

/**
 * spec.md §4 persists the auth slice; of it only token and user are written, since an error or the
 * admin flag must not survive a reload. The user must fit the contract's shape: screens read its
 * fields without checks. A token that does not fit falls back to localStorage's copy.
 */
export const persistedAuthFields: FieldSchemas<AuthState> = {
  token: z.string().regex(USABLE_TOKEN).nullable(),
  user: user.nullable(),
};

export const restoreAuth = (stored: Record<string, unknown>): Partial<AuthState> => fittingFields(persistedAuthFields, stored);
