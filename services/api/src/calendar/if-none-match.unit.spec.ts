import { describe, expect, it } from 'vitest';
import { ifNoneMatchNames } from './if-none-match.ts';

describe('If-None-Match', () => {
  const tag = '"abc"';
  it.each([
    ['the tag itself', '"abc"', true],
    ['the tag among others', '"x", "abc" ,"y"', true],
    ['any tag (*)', '*', true],
    ['the weak form of the tag', 'W/"abc"', true],
    ['another tag', '"abd"', false],
    ['nothing', undefined, false],
    ['an empty header', '', false],
    ['the tag without its quotes', 'abc', false],
  ])('%s → %s', (_, header, named) => expect(ifNoneMatchNames(header, tag)).toBe(named));
});
