import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { checkedQuery, type Reading } from './checked-query.ts';

type Answer = { data: unknown; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };
const answering = (answer: Answer) => () => answer;
const readNumber = (answer: unknown): Reading<number> => (typeof answer === 'number' ? { data: answer } : { error: 'Not a number' });
const describeFailure = (error: FetchBaseQueryError) => `failed: ${String(error.status)}`;

describe('a checked query', () => {
  it('answers what it reads from a usable answer', async () => {
    const query = checkedQuery({ request: () => '/n', read: readNumber, describe: describeFailure });
    expect(await query(undefined, {}, {}, answering({ data: 7 }))).toEqual({ data: 7, meta: undefined });
  });

  it("turns an unusable answer into a CUSTOM_ERROR carrying the reader's text, and no data", async () => {
    const query = checkedQuery({ request: () => '/n', read: readNumber });
    expect(await query(undefined, {}, {}, answering({ data: { n: 7 } }))).toEqual({
      error: { status: 'CUSTOM_ERROR', error: 'Not a number', message: 'Not a number' },
      meta: undefined,
    });
  });

  it('keeps a failed request as it came, with the described text beside it', async () => {
    const query = checkedQuery({ request: () => '/n', read: readNumber, describe: describeFailure });
    const failed = await query(undefined, {}, {}, answering({ error: { status: 404, data: { message: 'Not found' } } }));
    expect(failed.error).toEqual({ status: 404, data: { message: 'Not found' }, message: 'failed: 404' });
    const plain = checkedQuery({ request: () => '/n', read: readNumber });
    expect((await plain(undefined, {}, {}, answering({ error: { status: 404, data: null } }))).error).toEqual({ status: 404, data: null });
  });

  it('never throws: a request that cannot be built is a CUSTOM_ERROR', async () => {
    const query = checkedQuery({
      request: () => {
        throw new URIError('URI malformed');
      },
      read: readNumber,
      describe: describeFailure,
    });
    expect(await query(undefined, {}, {}, answering({ data: 1 }))).toEqual({
      error: { status: 'CUSTOM_ERROR', error: 'URI malformed', message: 'failed: CUSTOM_ERROR' },
    });
  });

  it('answers its fallback instead of any failure, where one is given', async () => {
    const query = checkedQuery({ request: () => '/n', read: readNumber, fallback: { data: 0 } });
    expect((await query(undefined, {}, {}, answering({ error: { status: 'FETCH_ERROR', error: 'offline' } }))).data).toBe(0);
    expect((await query(undefined, {}, {}, answering({ data: 'seven' }))).data).toBe(0);
  });
});
