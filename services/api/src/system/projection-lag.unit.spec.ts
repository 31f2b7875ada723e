import { describe, expect, it } from 'vitest';
import { createProjectionLag } from './projection-lag.ts';

const compare = (a: string, b: string): number => (a === 'start' ? -1 : b === 'start' ? 1 : Number(a) - Number(b));

describe('projection lag', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('is 0 for a projector at the head', () => {
    const lag = createProjectionLag(compare, clock().now);
    expect(lag.observe('p', '10', '10')).toBe(0);
  });

  it('grows while a projector stays short of a head it was seen behind', () => {
    const time = clock();
    const lag = createProjectionLag(compare, time.now);
    expect(lag.observe('p', '5', '10')).toBe(0);
    time.advance(20_000);
    expect(lag.observe('p', '7', '12')).toBe(20_000);
    time.advance(20_000);
    expect(lag.observe('p', 'start', '12')).toBe(40_000);
  });

  it('starts again once the projector passed the head it was timed against', () => {
    const time = clock();
    const lag = createProjectionLag(compare, time.now);
    lag.observe('p', '5', '10');
    time.advance(5_000);
    expect(lag.observe('p', '10', '20')).toBe(0);
    time.advance(3_000);
    expect(lag.observe('p', '15', '25')).toBe(3_000);
    expect(lag.observe('p', '25', '25')).toBe(0);
  });
});
