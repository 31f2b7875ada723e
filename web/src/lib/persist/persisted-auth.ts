import type { User } from '@tracker/contracts/users/http';
import { roles, subscriptionStatuses } from '@tracker/contracts/values';
import type { AuthState } from '../auth/auth.slice.ts';
import { USABLE_TOKEN } from '../auth/token-storage.ts';
import { aBoolean, anInteger, anIsoDate, anIsoDateTime, aString, aUuid, objectOf, oneOf, orNull } from './stored-checks.ts';
import { fittingFields, type FieldChecks } from './validated-migrate.ts';

/** The contract's `user` (contracts/src/users/http.ts), field for field; stored-checks.unit.spec.ts holds the two to the same answers. */
export const storedUser = objectOf<User>({
  id: aUuid,
  name: aString(),
  email: aString(),
  role: oneOf(roles),
  timezone: aString(),
  isActive: aBoolean,
  emailVerified: aBoolean,
  lastActive: orNull(anIsoDateTime),
  subscriptionStatus: oneOf(subscriptionStatuses),
  totalLogins: anInteger,
  lastLoginAt: orNull(anIsoDateTime),
  createdAt: anIsoDateTime,
  updatedAt: anIsoDateTime,
  dateOfBirth: orNull(anIsoDate),
  trialStartDate: orNull(anIsoDateTime),
  subscriptionDate: orNull(anIsoDateTime),
});

/**
 * spec.md §4 persists the auth slice; of it only token and user are written, since an error or the
 * admin flag must not survive a reload. The user must fit the contract's shape: screens read its
 * fields without checks. A token that does not fit falls back to localStorage's copy.
 */
export const persistedAuthFields: FieldChecks<AuthState> = {
  token: orNull(aString({ pattern: USABLE_TOKEN })),
  user: orNull(storedUser),
};

export const restoreAuth = (stored: Record<string, unknown>): Partial<AuthState> => fittingFields(persistedAuthFields, stored);
