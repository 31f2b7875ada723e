import { describe, expect, it } from 'vitest';
import { createAddressPolicy, isPublicAddress } from './address-policy.ts';
import { backoffMs } from './dispatcher.ts';
import { newWebhookSecret, signatureOf } from './signing.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.9.9',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('address policy', () => {
  const resolving =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));

  it('refuses a name any of whose addresses points inward', async () => {
    await expect(createAddressPolicy([], resolving('93.184.215.14', '10.0.0.5')).resolve(new URL('https://mixed.example/'))).rejects.toThrow(/10\.0\.0\.5/);
  });
  it('allows a listed host, with its port or any', async () => {
    const policy = createAddressPolicy(['127.0.0.1:8080', 'receiver.internal', '[::1]:9000'], resolving('10.1.1.1'));
    await expect(policy.resolve(new URL('http://127.0.0.1:8080/x'))).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(policy.resolve(new URL('http://127.0.0.1:8081/x'))).rejects.toThrow();
    await expect(policy.resolve(new URL('https://receiver.internal/x'))).resolves.toEqual({ address: '10.1.1.1', family: 4 });
    await expect(policy.resolve(new URL('http://[::1]:9000/x'))).resolves.toEqual({ address: '::1', family: 6 });
    await expect(policy.resolve(new URL('http://[::1]:9001/x'))).rejects.toThrow();
  });
  it('refuses a name that does not resolve', async () => {
    const policy = createAddressPolicy([], async () => {
      throw new Error('ENOTFOUND');
    });
    await expect(policy.resolve(new URL('https://nowhere.example/'))).rejects.toThrow(/does not resolve/);
  });
});

describe('backoff', () => {
  const policy = { retryBaseMs: 1000, retryMaxMs: 60_000 };
  it('doubles from the base, between half and all of it, up to the cap', () => {
    expect(backoffMs(1, policy, () => 0)).toBe(500);
    expect(backoffMs(1, policy, () => 1)).toBe(1000);
    expect(backoffMs(4, policy, () => 0)).toBe(4000);
    expect(backoffMs(4, policy, () => 1)).toBe(8000);
    expect(backoffMs(30, policy, () => 1)).toBe(60_000);
    expect(backoffMs(30, policy, () => 0)).toBe(30_000);
  });
});

describe('signature', () => {
  it('is v1 and base64 of the HMAC of id.timestamp.body under the secret after whsec_', () => {
    // Standard Webhooks' published example.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signatureOf(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });
});
