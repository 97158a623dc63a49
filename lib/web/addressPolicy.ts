/**
 * Which network addresses /v1/webpage may connect to: public unicast only. Checked on the addresses a
 * host name resolves to (and on IP literals), for the first request and for every redirect, and the
 * connection then goes to exactly the address that was checked (no second lookup, so no DNS rebinding).
 */
import { BlockList, isIP } from 'node:net';

/** A refused range: why it is refused, in words a caller understands. */
interface Range {
  network: string;
  prefix: number;
  reason: string;
}

const IPV4_RANGES: Range[] = [
  { network: '0.0.0.0', prefix: 8, reason: 'an unspecified ("this network") address' },
  { network: '10.0.0.0', prefix: 8, reason: 'a private address' },
  { network: '100.64.0.0', prefix: 10, reason: 'a carrier-grade NAT (shared) address' },
  { network: '127.0.0.0', prefix: 8, reason: 'a loopback address' },
  { network: '169.254.169.254', prefix: 32, reason: 'a cloud metadata address' },
  { network: '169.254.0.0', prefix: 16, reason: 'a link-local address' },
  { network: '172.16.0.0', prefix: 12, reason: 'a private address' },
  { network: '192.0.0.0', prefix: 24, reason: 'an IETF protocol assignment address' },
  { network: '192.0.2.0', prefix: 24, reason: 'a documentation address' },
  { network: '192.88.99.0', prefix: 24, reason: 'a 6to4 relay anycast address' },
  { network: '192.168.0.0', prefix: 16, reason: 'a private address' },
  { network: '198.18.0.0', prefix: 15, reason: 'a benchmarking address' },
  { network: '198.51.100.0', prefix: 24, reason: 'a documentation address' },
  { network: '203.0.113.0', prefix: 24, reason: 'a documentation address' },
  { network: '224.0.0.0', prefix: 4, reason: 'a multicast address' },
  { network: '255.255.255.255', prefix: 32, reason: 'the broadcast address' },
  { network: '240.0.0.0', prefix: 4, reason: 'a reserved address' },
];

const IPV6_RANGES: Range[] = [
  { network: '::', prefix: 128, reason: 'an unspecified address' },
  { network: '::1', prefix: 128, reason: 'a loopback address' },
  // IPv4-mapped addresses (::ffff:a.b.c.d) are checked against the IPv4 ranges by BlockList itself
  { network: '::', prefix: 96, reason: 'an IPv4-compatible (deprecated) address' },
  { network: '64:ff9b::', prefix: 96, reason: 'a NAT64 address' },
  { network: '64:ff9b:1::', prefix: 48, reason: 'a local-use NAT64 address' },
  { network: '100::', prefix: 64, reason: 'a discard-only address' },
  { network: '2001::', prefix: 32, reason: 'a Teredo tunnel address' },
  { network: '2001:10::', prefix: 28, reason: 'an ORCHID address' },
  { network: '2001:20::', prefix: 28, reason: 'an ORCHIDv2 address' },
  { network: '2001:db8::', prefix: 32, reason: 'a documentation address' },
  { network: '2002::', prefix: 16, reason: 'a 6to4 tunnel address' },
  { network: 'fd00:ec2::254', prefix: 128, reason: 'a cloud metadata address' },
  { network: 'fc00::', prefix: 7, reason: 'a unique-local (private) address' },
  { network: 'fe80::', prefix: 10, reason: 'a link-local address' },
  { network: 'fec0::', prefix: 10, reason: 'a site-local (deprecated) address' },
  { network: 'ff00::', prefix: 8, reason: 'a multicast address' },
];

/** One BlockList per range, in order, so the first (most specific) match names the reason. */
const RULES: Array<{ list: BlockList; reason: string }> = [
  ...IPV4_RANGES.map((range) => ({ range, type: 'ipv4' as const })),
  ...IPV6_RANGES.map((range) => ({ range, type: 'ipv6' as const })),
].map(({ range, type }) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, type);
  return { list, reason: range.reason };
});

/** Host names that name the local machine, the local network or a cloud metadata service. */
const REFUSED_HOST_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain'];
const REFUSED_HOSTS = new Set(['metadata', 'metadata.goog', 'metadata.google.internal', 'instance-data', 'instance-data.ec2.internal']);

/** Why an IP address may not be fetched (a phrase such as "a loopback address"), or null when it is public. */
export function refusedAddressReason(address: string): string | null {
  const type = isIP(address);
  if (type === 0) return 'not an IP address';
  const family = type === 4 ? 'ipv4' : 'ipv6';
  for (const rule of RULES) {
    if (rule.list.check(address, family)) return rule.reason;
  }
  return null;
}

/** Why a host name (not an IP literal) may not be fetched, or null when it may be resolved. */
export function refusedHostnameReason(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (REFUSED_HOSTS.has(name)) return 'a cloud metadata host name';
  if (REFUSED_HOST_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
    return 'a local or internal host name';
  }
  if (!name.includes('.')) return 'a single-label host name, which is not a public host';
  return null;
}

/**
 * The test-only allowance: `WEBPAGE_ALLOWED_TEST_HOSTS`, comma-separated `address:port` pairs (IPv6 in
 * brackets) that may be fetched although their address is refused — the integration tests' fake website
 * on 127.0.0.1. Never set in a deployed stack.
 */
export function parseAllowedTestHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** `address:port` as the allowance lists it ([v6]:port for IPv6). */
export function hostPortKey(address: string, port: number): string {
  return isIP(address) === 6 ? `[${address.toLowerCase()}]:${port}` : `${address}:${port}`;
}
