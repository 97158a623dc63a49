/**
 * DNS lookups for the internet endpoints (/v1/validateemail MX checks, /v1/webpage address checks),
 * behind a small interface so the domain logic can be tested with any resolver.
 *
 * Production uses node:dns/promises `Resolver` (c-ares): the servers of the host (/etc/resolv.conf), or the
 * comma-separated `DNS_SERVERS` (e.g. "127.0.0.1:5353"; the integration tests point it at their fake DNS
 * server). Every lookup has a hard deadline (`DNS_TIMEOUT_MS`, default 3000 ms).
 */
import { Resolver } from 'node:dns/promises';

export interface MxRecord {
  exchange: string;
  priority: number;
}

/** The lookups the endpoints need; each rejects with a DnsLookupError. */
export interface DnsResolver {
  resolveMx(domain: string): Promise<MxRecord[]>;
  resolve4(domain: string): Promise<string[]>;
  resolve6(domain: string): Promise<string[]>;
}

/**
 * How a lookup failed. `no_such_domain` (NXDOMAIN) and `no_records` (the name exists, no record of that
 * type) are answers; `timeout` and `failure` (server failure, refused, network error) are not.
 */
export type DnsFailure = 'no_such_domain' | 'no_records' | 'timeout' | 'failure';

export class DnsLookupError extends Error {
  override readonly name = 'DnsLookupError';
  constructor(
    readonly failure: DnsFailure,
    readonly domain: string,
  ) {
    super(`DNS lookup of ${domain} failed: ${failure}`);
  }

  /** true when the DNS gave a definite answer (the name or the record does not exist) */
  get isAnswer(): boolean {
    return this.failure === 'no_such_domain' || this.failure === 'no_records';
  }
}

export const DEFAULT_DNS_TIMEOUT_MS = 3000;

/** c-ares error codes → our failure kinds */
function failureOf(code: string | undefined): DnsFailure {
  switch (code) {
    case 'ENOTFOUND':
      return 'no_such_domain';
    case 'ENODATA':
      return 'no_records';
    case 'ETIMEOUT':
    case 'ECANCELLED':
      return 'timeout';
    default:
      return 'failure';
  }
}

export interface ResolverOptions {
  /** `host` or `host:port` entries; the system's servers when empty */
  servers?: string[];
  /** hard deadline per lookup, in ms */
  timeoutMs?: number;
}

/** The resolver settings from the environment: DNS_SERVERS and DNS_TIMEOUT_MS. */
export function resolverOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ResolverOptions {
  const servers = (env.DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const timeout = Number(env.DNS_TIMEOUT_MS);
  return { servers, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_DNS_TIMEOUT_MS };
}

/** A DnsResolver on node:dns/promises; each lookup gets its own c-ares channel so a deadline cancels only it. */
export function createDnsResolver(options: ResolverOptions = {}): DnsResolver {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const lookup = async <T>(domain: string, query: (resolver: Resolver) => Promise<T>): Promise<T> => {
    // two tries within the deadline, so one lost UDP packet is not a failure
    const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 3)), tries: 2 });
    if (options.servers?.length) resolver.setServers(options.servers);
    const deadline = setTimeout(() => resolver.cancel(), timeoutMs);
    try {
      return await query(resolver);
    } catch (error) {
      throw new DnsLookupError(failureOf((error as NodeJS.ErrnoException).code), domain);
    } finally {
      clearTimeout(deadline);
    }
  };
  return {
    resolveMx: (domain) => lookup(domain, (r) => r.resolveMx(domain)),
    resolve4: (domain) => lookup(domain, (r) => r.resolve4(domain)),
    resolve6: (domain) => lookup(domain, (r) => r.resolve6(domain)),
  };
}
