import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET', 'read ECONNRESET')],
    ['admin shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown (57P02)', withCode('57P02', 'terminating connection because of crash of another server process')],
    ['starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006', 'connection failure')],
    ['a connection that died under a query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a client that is no longer queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['a refusal on every address (AggregateError)', Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {})],
    ['a refusal as the cause of another error', new Error('load failed', { cause: withCode('ECONNREFUSED') })],
  ])('recognises %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601', 'syntax error at or near')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['undefined', undefined],
  ])('does not take %s for an outage', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
