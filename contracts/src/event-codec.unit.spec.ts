import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, InvalidEvent, upcast } from './event-codec.ts';

const userId = '7b0c6f0e-5f55-4a57-9d55-2c3f3c1f6a10';

describe('the event codec', () => {
  it('stamps a new event with its contract’s current version', () => {
    expect(encodeEvent({ type: 'UserLoggedIn', data: { userId, via: 'password' } })).toEqual({
      type: 'UserLoggedIn',
      version: 2,
      data: { userId, via: 'password' },
    });
    expect(encodeEvent({ type: 'EmailReserved', data: { userId, email: 'a@b.io' } }).version).toBe(1);
  });

  it('refuses what a reader could not parse back, naming the field', () => {
    expect(() => encodeEvent({ type: 'UserLoggedIn', data: { userId } })).toThrow(InvalidEvent);
    expect(() => encodeEvent({ type: 'UserLoggedIn', data: { userId, via: 'password' }, version: 1 } as never)).not.toThrow();
    expect(() => encodeEvent({ type: 'NoSuchEvent', data: {} })).toThrow(InvalidEvent);
    expect(() => encodeEvent({ type: 'PointsAwarded', data: { userId, points: 0 } })).toThrow(/points/);
  });

  it('drops fields the contract does not know instead of storing them', () => {
    expect(encodeEvent({ type: 'UserLoggedIn', data: { userId, via: 'password', admin: true } }).data).toEqual({ userId, via: 'password' });
  });

  it('upcasts a version 1 login (no method) to version 2 (by password)', () => {
    expect(upcast({ type: 'UserLoggedIn', version: 1, data: { userId } })).toEqual({ type: 'UserLoggedIn', version: 2, data: { userId, via: 'password' } });
    expect(decodeEvent({ type: 'UserLoggedIn', version: 1, data: { userId } })).toEqual({
      type: 'UserLoggedIn',
      version: 2,
      data: { userId, via: 'password' },
    });
  });

  it('leaves current versions and events without upcasters as they are', () => {
    const current = { type: 'UserLoggedIn', version: 2, data: { userId, via: 'password' } };
    expect(upcast(current)).toBe(current);
    expect(decodeEvent({ type: 'EmailReserved', version: 1, data: { userId, email: 'a@b.io' } }).data).toEqual({ userId, email: 'a@b.io' });
  });

  it('reports a stored event that matches no version of its contract instead of guessing', () => {
    expect(() => decodeEvent({ type: 'UserLoggedIn', version: 1, data: { nobody: true } })).toThrow(InvalidEvent);
    expect(() => decodeEvent({ type: 'UserLoggedIn', version: 3, data: { userId, via: 'password' } })).toThrow(InvalidEvent);
  });
});
