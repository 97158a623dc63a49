import { hostPortKey, parseAllowedTestHosts, refusedAddressReason, refusedHostnameReason } from '../../lib/web/addressPolicy';
import { DnsLookupError, type DnsResolver } from '../../lib/web/dns';
import { DEFAULT_FETCH_LIMITS, fetchPage } from '../../lib/web/fetchPage';

/**
 * Every refused range with its first and last address (IANA IPv4/IPv6 Special-Purpose Address Registries,
 * RFC 1918, RFC 6598, RFC 4193, RFC 4291, and the cloud metadata addresses of AWS, GCP, Azure, Oracle, Alibaba).
 */
const REFUSED: Array<[address: string, reason: RegExp]> = [
  ['0.0.0.0', /unspecified/],
  ['0.255.255.255', /unspecified/],
  ['10.0.0.0', /private/],
  ['10.255.255.255', /private/],
  ['100.64.0.0', /carrier-grade NAT/],
  ['100.127.255.255', /carrier-grade NAT/],
  ['100.100.100.200', /carrier-grade NAT/], // Alibaba Cloud metadata
  ['127.0.0.1', /loopback/],
  ['127.255.255.254', /loopback/],
  ['169.254.0.1', /link-local/],
  ['169.254.255.255', /link-local/],
  ['169.254.169.254', /metadata/], // AWS, GCP, Azure metadata
  ['172.16.0.0', /private/],
  ['172.31.255.255', /private/],
  ['192.0.0.192', /IETF protocol/], // Oracle Cloud metadata
  ['192.0.2.1', /documentation/],
  ['192.88.99.1', /6to4 relay/],
  ['192.168.0.1', /private/],
  ['192.168.255.255', /private/],
  ['198.18.0.1', /benchmarking/],
  ['198.19.255.255', /benchmarking/],
  ['198.51.100.7', /documentation/],
  ['203.0.113.9', /documentation/],
  ['224.0.0.1', /multicast/],
  ['239.255.255.255', /multicast/],
  ['240.0.0.1', /reserved/],
  ['255.255.255.255', /broadcast/],
  ['::', /unspecified/],
  ['::1', /loopback/],
  ['::ffff:127.0.0.1', /loopback/],
  ['::ffff:10.1.2.3', /private/],
  ['::ffff:169.254.169.254', /metadata/],
  ['::127.0.0.1', /IPv4-compatible/],
  ['64:ff9b::a00:1', /NAT64/],
  ['64:ff9b:1::1', /NAT64/],
  ['100::1', /discard/],
  ['2001::1', /Teredo/],
  ['2001:10::1', /ORCHID/],
  ['2001:20::1', /ORCHIDv2/],
  ['2001:db8::1', /documentation/],
  ['2002:7f00:1::', /6to4/],
  ['fc00::1', /unique-local/],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', /unique-local/],
  ['fd00:ec2::254', /metadata/], // AWS IPv6 metadata
  ['fe80::1', /link-local/],
  ['febf:ffff::1', /link-local/],
  ['fec0::1', /site-local/],
  ['ff02::1', /multicast/],
  ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', /multicast/],
];

/** Public addresses, including the neighbours just outside refused ranges. */
const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.255',
  '192.167.255.255',
  '192.169.0.0',
  '223.255.255.255',
  '::ffff:8.8.8.8',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  'fbff:ffff::1',
  'fe00::1',
];

describe('refusedAddressReason', () => {
  test.each(REFUSED)('refuses %s', (address, reason) => {
    // Prepare: the address

    // Act
    const result = refusedAddressReason(address);

    // Assess
    expect(result).toMatch(reason);
  });

  test.each(PUBLIC)('allows the public address %s', (address) => {
    // Prepare: the address

    // Act
    const result = refusedAddressReason(address);

    // Assess
    expect(result).toBeNull();
  });

  test('refuses what is not an IP address at all', () => {
    // Prepare
    const text = 'example.com';

    // Act
    const result = refusedAddressReason(text);

    // Assess
    expect(result).toBe('not an IP address');
  });
});

describe('refusedHostnameReason', () => {
  test.each([
    ['localhost', /local/],
    ['LOCALHOST.', /local/],
    ['app.localhost', /local/],
    ['printer.local', /local/],
    ['db.internal', /internal/],
    ['router.home.arpa', /local/],
    ['metadata.google.internal', /metadata/],
    ['metadata', /metadata/],
    ['metadata.goog', /metadata/],
    ['instance-data', /metadata/],
    ['intranet', /single-label/],
  ])('refuses the host name %s', (hostname, reason) => {
    // Prepare: the host name

    // Act
    const result = refusedHostnameReason(hostname);

    // Assess
    expect(result).toMatch(reason);
  });

  test.each(['example.com', 'www.localhost-news.com', 'internal.example.org', 'local.example'])('lets %s be resolved and checked', (hostname) => {
    // Prepare: the host name

    // Act
    const result = refusedHostnameReason(hostname);

    // Assess
    expect(result).toBeNull();
  });
});

describe('test-only allowance', () => {
  test('parses comma-separated address:port pairs and keys IPv6 in brackets', () => {
    // Prepare
    const value = ' 127.0.0.1:8080 , [::1]:9000,';

    // Act
    const allowed = parseAllowedTestHosts(value);

    // Assess
    expect([...allowed]).toEqual(['127.0.0.1:8080', '[::1]:9000']);
    expect(allowed.has(hostPortKey('127.0.0.1', 8080))).toBe(true);
    expect(allowed.has(hostPortKey('::1', 9000))).toBe(true);
    expect(allowed.has(hostPortKey('127.0.0.1', 8081))).toBe(false);
  });

  test('is empty when the variable is not set', () => {
    // Prepare
    const value = undefined;

    // Act
    const allowed = parseAllowedTestHosts(value);

    // Assess
    expect(allowed.size).toBe(0);
  });
});

describe('fetchPage refuses before connecting', () => {
  /** A resolver with fixed A/AAAA answers that records what it was asked. */
  const resolverWith = (a: string[], aaaa: string[] = []): DnsResolver & { asked: string[] } => {
    const asked: string[] = [];
    const answer = (list: string[], domain: string) => {
      asked.push(domain);
      return list.length ? Promise.resolve(list) : Promise.reject(new DnsLookupError('no_records', domain));
    };
    return {
      asked,
      resolveMx: () => Promise.reject(new Error('not used')),
      resolve4: (domain) => answer(a, domain),
      resolve6: (domain) => answer(aaaa, domain),
    };
  };
  const options = (resolver: DnsResolver) => ({ ...DEFAULT_FETCH_LIMITS, timeoutMs: 2000, resolver });

  test('a host name that resolves to a private address', async () => {
    // Prepare
    const resolver = resolverWith(['10.0.0.7']);

    // Act
    const result = fetchPage(new URL('http://intranet.example.com/'), options(resolver));

    // Assess
    await expect(result).rejects.toMatchObject({ name: 'RefusedTargetError', message: expect.stringMatching(/intranet\.example\.com resolves to 10\.0\.0\.7, a private address/) });
    expect(resolver.asked).toEqual(['intranet.example.com', 'intranet.example.com']);
  });

  test('a host name with one public and one loopback address (every address must be public)', async () => {
    // Prepare
    const resolver = resolverWith(['93.184.215.14'], ['::1']);

    // Act
    const result = fetchPage(new URL('https://mixed.example.com/'), options(resolver));

    // Assess
    await expect(result).rejects.toMatchObject({ name: 'RefusedTargetError', message: expect.stringMatching(/::1, a loopback address/) });
  });

  test.each([
    ['http://169.254.169.254/latest/meta-data/', /metadata/],
    ['http://[fd00:ec2::254]/', /metadata/],
    ['http://[::1]:8080/', /loopback/],
    ['http://2130706433/', /loopback/], // 127.0.0.1 written as one number; the URL parser normalises it
    ['http://0x7f.1/', /loopback/],
    ['http://metadata.google.internal/computeMetadata/v1/', /metadata/],
    ['http://localhost:3000/', /local/],
  ])('the URL %s without asking the DNS', async (url, reason) => {
    // Prepare
    const resolver = resolverWith(['93.184.215.14']);

    // Act
    const result = fetchPage(new URL(url), options(resolver));

    // Assess
    await expect(result).rejects.toMatchObject({ name: 'RefusedTargetError', message: expect.stringMatching(reason) });
    expect(resolver.asked).toEqual([]);
  });
});
