import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may go (SSRF): only public unicast addresses, unless the operator allows a host
 * (WEBHOOK_ALLOW_HOSTS: `host` or `host:port`, matched against the URL's host). Checked when a
 * webhook is created and again at every delivery against the addresses the name resolves to then
 * (DNS rebinding); the delivery connects to the address that was checked.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, or ::a.b.c.d), if any. */
const embeddedIpv4 = (address: string): string | undefined => {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return undefined;
};

/** Whether an IP address is a public unicast one (not loopback, private, link-local, multicast, reserved). */
export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) return isPublicAddress(v4);
    return !blocked.check(address, 'ipv6');
  }
  return false;
};

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

/** The URL's host as the allow list names it: lower case, IPv6 without brackets. */
const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
const portOf = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');

export interface AddressPolicy {
  /** The address to connect to for `url`: resolved now, and public unless the operator allows the host. Throws WebhookRefused. */
  resolve(url: URL): Promise<ResolvedAddress>;
}

export class WebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

/** `allowHosts`: `host` (any port) or `host:port` / `[v6]:port`. */
export const createAddressPolicy = (allowHosts: readonly string[], resolver: Resolver = systemResolver): AddressPolicy => {
  const allowed = allowHosts.map((entry) => {
    const trimmed = entry.trim().toLowerCase();
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
    if (bracketed) return { host: bracketed[1]!, port: bracketed[2] };
    const parts = /^([^:]+)(?::(\d+))?$/.exec(trimmed);
    if (parts) return { host: parts[1]!, port: parts[2] };
    return { host: trimmed, port: undefined }; // a bare IPv6 address
  });
  const isAllowed = (url: URL) => {
    const host = hostOf(url);
    const port = portOf(url);
    return allowed.some((entry) => entry.host === host && (entry.port === undefined || entry.port === port));
  };
  return {
    async resolve(url) {
      const host = hostOf(url);
      const literal = isIP(host);
      let addresses: ResolvedAddress[];
      if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
      else {
        try {
          addresses = await resolver(host);
        } catch {
          throw new WebhookRefused(`host ${host} does not resolve`);
        }
        if (addresses.length === 0) throw new WebhookRefused(`host ${host} does not resolve`);
      }
      if (isAllowed(url)) return addresses[0]!;
      // Every address the name has must be public: a name that also points inward is refused whole.
      const inward = addresses.find((entry) => !isPublicAddress(entry.address));
      if (inward) throw new WebhookRefused(`${host} resolves to ${inward.address}, a loopback, private, link-local or reserved address`);
      return addresses[0]!;
    },
  };
};
