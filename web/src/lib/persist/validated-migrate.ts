import type { PersistedState, PersistMigrate } from 'redux-persist';
import type { Check } from './stored-checks.ts';

/** Per field of a slice, the check a stored value must pass to be restored (stored-checks.ts: no zod on the first screen). */
export type FieldChecks<S> = { [K in keyof S]?: Check<S[K]> };

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** redux-persist's version of state stored before configs had one. */
const UNVERSIONED = -1;

/**
 * The fields of a stored slice that pass their checks. The others are left out, so the slice keeps
 * its initial value for them; keys without a check (an old `error`, a forged `isAdmin`) never load.
 */
export const fittingFields = <S>(checks: FieldChecks<S>, stored: unknown): Partial<S> => {
  const kept: Partial<S> = {};
  if (!isRecord(stored)) return kept;
  for (const key of Object.keys(checks) as (keyof S & string)[]) {
    const check = checks[key];
    if (!check || !Object.hasOwn(stored, key)) continue;
    const checked = check(stored[key]);
    if (checked) kept[key] = checked.value;
  }
  return kept;
};

export const storedVersion = (stored: Record<string, unknown>): number => {
  const meta = stored._persist;
  return isRecord(meta) && typeof meta.version === 'number' && Number.isInteger(meta.version) ? meta.version : UNVERSIONED;
};

/**
 * redux-persist's `migrate` for one slice: whatever was stored comes back only as far as `restore`
 * validates it. State written by a newer app (a rollback) has a shape this one does not know and is
 * dropped; older versions go through `restore` too, which is where a change of shape would be
 * translated. `restore` is loaded only when something is stored. Any failure here, even a bug in `restore`, becomes a rejected
 * promise, which redux-persist treats as nothing stored, never a crash.
 */
export const validatedMigrate =
  <S>(loadRestore: () => Promise<(stored: Record<string, unknown>) => Partial<S>>): PersistMigrate =>
  async (stored, currentVersion): Promise<PersistedState> => {
    if (!isRecord(stored) || storedVersion(stored) > currentVersion) return undefined;
    const restore = await loadRestore();
    return { ...restore(stored), _persist: { version: currentVersion, rehydrated: false } };
  };
