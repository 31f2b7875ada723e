import { isRecord } from './validated-migrate.ts';

/**
 * Checks for what this device stored, without zod: they run before the signed-in first screen, which
 * must not load zod (docs/ARCHITECTURE.md, "Web: code-splitting and bundle budget"). Each takes any
 * value and gives back `{ value }` — only the fields it knows, as a zod object's parse does — or
 * `undefined` when the value does not fit. The formats are zod's own patterns (copied: importing
 * them brings all of zod's patterns), and stored-checks.unit.spec.ts holds each pattern to zod's and
 * each check to the contract's schema on the same values.
 */
export type Check<T> = (value: unknown) => { value: T } | undefined;

const fits = <T>(value: T): { value: T } => ({ value });

export const aString =
  (options: { min?: number; max?: number; pattern?: RegExp } = {}): Check<string> =>
  (value) =>
    typeof value === 'string' &&
    value.length >= (options.min ?? 0) &&
    value.length <= (options.max ?? Number.POSITIVE_INFINITY) &&
    (options.pattern?.test(value) ?? true)
      ? fits(value)
      : undefined;

/** A JSON number: finite, as `z.number()`. */
export const aNumber: Check<number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? fits(value) : undefined);

/** A safe integer, as `z.number().int()`. */
export const anInteger: Check<number> = (value) => (Number.isSafeInteger(value) ? fits(value as number) : undefined);

export const aBoolean: Check<boolean> = (value) => (typeof value === 'boolean' ? fits(value) : undefined);

export const oneOf =
  <const T extends string>(values: readonly T[]): Check<T> =>
  (value) =>
    values.includes(value as T) ? fits(value as T) : undefined;

export const orNull =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === null ? fits(null) : check(value);

export const listOf =
  <T>(check: Check<T>, max: number): Check<T[]> =>
  (value) => {
    if (!Array.isArray(value) || value.length > max) return undefined;
    const items: T[] = [];
    for (const item of value) {
      const checked = check(item);
      if (!checked) return undefined;
      items.push(checked.value);
    }
    return fits(items);
  };

/** An object with every field of `shape` fitting; other keys are left out. */
export const objectOf =
  <T extends object>(shape: { [K in keyof T]: Check<T[K]> }): Check<T> =>
  (value) => {
    if (!isRecord(value)) return undefined;
    const kept: Partial<T> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const checked = shape[key](Object.hasOwn(value, key) ? value[key] : undefined);
      if (!checked) return undefined;
      kept[key] = checked.value;
    }
    return fits(kept as T);
  };

const DATE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
/** zod's `regexes.uuid()`, as `z.uuid()` checks. */
export const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
/** zod's `regexes.datetime({ offset: true })`, as `z.iso.datetime({ offset: true })` checks. */
export const ISO_DATE_TIME = new RegExp(`^${DATE}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$`);
/** zod's `regexes.date`, as `z.iso.date()` checks. */
export const ISO_DATE = new RegExp(`^${DATE}$`);

export const aUuid = aString({ pattern: UUID });
/** The contract's `isoDateTime`. */
export const anIsoDateTime = aString({ pattern: ISO_DATE_TIME });
export const anIsoDate = aString({ pattern: ISO_DATE });
