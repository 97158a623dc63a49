/** The `url` of /v1/webpage: an absolute http(s) URL without credentials. */

export const MAX_URL_LENGTH = 2048;

/** Parses a URL the caller gave; returns the URL or the problem (completing "Parameter 'url' ..."). */
export function parseTargetUrl(text: string): { url: URL } | { problem: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'must be an absolute URL such as https://example.com/page' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `must be an http or https URL (got ${url.protocol.replace(/:$/, '')})` };
  }
  if (url.username !== '' || url.password !== '') return { problem: 'must not contain a user name or password' };
  if (url.hostname === '') return { problem: 'must name a host' };
  return { url };
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** The host of a URL as a DNS name or IP address (IPv6 without brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
