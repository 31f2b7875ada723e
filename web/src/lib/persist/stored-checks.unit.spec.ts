import { user } from '@tracker/contracts/users/http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regexes } from 'zod/v4/core';
import { aUser } from '../../testing/fixtures.ts';
import { storedUser } from './persisted-auth.ts';
import { ISO_DATE, ISO_DATE_TIME, UUID } from './stored-checks.ts';

/** The contract's answer for a value, in the checks' terms: `{ value }` when it parses, else undefined. */
const contractAnswer = (value: unknown) => {
  const parsed = user.safeParse(value);
  return parsed.success ? { value: parsed.data } : undefined;
};

/** A value of any JSON shape, and the odd ones a stored string cannot hold but a bug could. */
const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -0, 1.5, '', '\u0000', '\uD800', [], {}),
  fc.string({ unit: 'binary' }),
);

/** Dates and date-times near the edges of the formats: leap days, offsets, fractions, missing seconds. */
const aDateLike = fc.oneof(
  fc.constantFrom(
    '2024-02-29',
    '2023-02-29',
    '1900-02-29',
    '2000-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-01-15T10:00:00.000Z',
    '2026-01-15T10:00:00Z',
    '2026-01-15T10:00Z',
    '2026-01-15T10:00:00+01:00',
    '2026-01-15T10:00:00+0100',
    '2026-01-15T24:00:00Z',
    '2026-01-15T10:00:00.123456789-12:30',
    '2026-01-15T10:00:00',
    '2026-01-15 10:00:00Z',
    ' 2026-01-15',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,4})?)?(Z|[+-]\d{2}:?\d{2})?)?$/),
);

const fields = Object.keys(aUser()) as (keyof ReturnType<typeof aUser>)[];

/** A stored user with one field changed to something else, or dropped, or an extra key beside them. */
const aChangedUser = fc.oneof(
  fc
    .record({ field: fc.constantFrom(...fields), value: fc.oneof(anyValue, aDateLike, fc.uuid(), fc.constantFrom('user', 'admin', 'trial', 'Admin')) })
    .map(({ field, value }) => ({ ...aUser(), [field]: value })),
  fc.constantFrom(...fields).map((field) => {
    const { [field]: _dropped, ...rest } = aUser();
    return rest;
  }),
  fc.record({ key: fc.string(), value: anyValue }).map(({ key, value }) => ({ ...aUser(), [key]: value })),
);

describe('the stored session is checked without zod, as strictly as the contract checks it', () => {
  it('given zod, when its patterns are read, then the checks use the very same ones', () => {
    expect(UUID.source).toBe(regexes.uuid().source);
    expect(ISO_DATE_TIME.source).toBe(regexes.datetime({ offset: true, local: false, precision: null }).source);
    expect(ISO_DATE.source).toBe(regexes.date.source);
    // The contract's fields are built on those checks.
    expect(z.toJSONSchema(user).properties?.createdAt).toMatchObject({ format: 'date-time' });
  });

  it('given a user the contract accepts, when it is checked, then it comes back field for field, extra keys left out', () => {
    const stored = { ...aUser({ lastActive: '2026-01-15T10:00:00+01:00', dateOfBirth: '2000-02-29', role: 'admin' }), isAdmin: true, token: 'x' };
    expect(storedUser(stored)).toEqual(contractAnswer(stored));
    expect(storedUser(stored)?.value).not.toHaveProperty('isAdmin');
  });

  it('given any changed, dropped or added field, when it is checked, then the answer is the contract’s', () => {
    fc.assert(
      fc.property(aChangedUser, (stored) => {
        expect(storedUser(stored)).toEqual(contractAnswer(stored));
      }),
      { numRuns: 3000 },
    );
  });

  it('given values of any shape, when they are checked as a user, then the answer is the contract’s', () => {
    fc.assert(
      fc.property(anyValue, (stored) => {
        expect(storedUser(stored)).toEqual(contractAnswer(stored));
      }),
      { numRuns: 1000 },
    );
  });
});
