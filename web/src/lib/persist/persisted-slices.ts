import type { AuthState } from '../auth/auth.slice.ts';
import { validatedMigrate } from './validated-migrate.ts';

/**
 * Versions of the persisted slices (spec.md §4). Bump one when its stored shape changes, and
 * translate the older shape in its restore function (persisted-auth.ts, persisted-goals.ts).
 */
export const AUTH_PERSIST_VERSION = 1;
export const GOALS_PERSIST_VERSION = 1;

/** Of auth only token and user are written: an error or the admin flag must not survive a reload. */
export const persistedAuthKeys: (keyof AuthState)[] = ['token', 'user'];

export const migrateAuth = validatedMigrate(() => import('./persisted-auth.ts').then((module) => module.restoreAuth));
export const migrateGoals = validatedMigrate(() => import('./persisted-goals.ts').then((module) => module.restoreGoals));
