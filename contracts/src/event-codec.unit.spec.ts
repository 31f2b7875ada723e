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

  it('upcasts awards and revocations from before receipts: no receipt, no named award (the audit finds them by replay)', () => {
    const before = { userId, points: 20, reason: 'Completed', source: { type: 'goal', id: userId }, hierarchy: { goalId: userId }, title: 'Run' };
    expect(decodeEvent({ type: 'PointsAwarded', version: 1, data: { ...before, rulesVersion: 1 } })).toEqual({
      type: 'PointsAwarded',
      version: 2,
      data: { ...before, rulesVersion: 1, receipt: null },
    });
    expect(decodeEvent({ type: 'PointsRevoked', version: 1, data: before })).toEqual({ type: 'PointsRevoked', version: 2, data: { ...before, revokes: null } });
    const receipt = { rule: 'goal', rulesVersion: 1, inputs: { priority: 2, base: 5 }, points: 20 };
    expect(encodeEvent({ type: 'PointsAwarded', data: { ...before, rulesVersion: 1, receipt } })).toEqual({
      type: 'PointsAwarded',
      version: 2,
      data: { ...before, rulesVersion: 1, receipt },
    });
    // A current award must say how it was counted (or null), never leave it out.
    expect(() => encodeEvent({ type: 'PointsAwarded', data: { ...before, rulesVersion: 1 } })).toThrow(/receipt/);
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
