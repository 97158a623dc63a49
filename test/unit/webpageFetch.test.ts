import type { DnsResolver } from '../../lib/web/dns';
import { DEFAULT_FETCH_LIMITS, fetchPage, isHtmlType } from '../../lib/web/fetchPage';

describe('fetchPage time limit', () => {
  test('gives up on a DNS lookup that never answers once the time limit has passed', async () => {
    // Prepare
    const never = () => new Promise<never>(() => undefined);
    const resolver: DnsResolver = { resolveMx: never, resolve4: never, resolve6: never };
    const started = Date.now();

    // Act
    const result = fetchPage(new URL('https://slow-dns.example.com/'), { ...DEFAULT_FETCH_LIMITS, timeoutMs: 150, resolver });

    // Assess
    await expect(result).rejects.toMatchObject({ name: 'PageFetchError', message: 'The page did not load within 0.15 s.' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('isHtmlType', () => {
  test.each([
    ['text/html', true],
    ['text/html; charset=UTF-8', true],
    ['TEXT/HTML', true],
    ['application/xhtml+xml', true],
    [null, true],
    ['application/json', false],
    ['text/plain', false],
    ['application/pdf', false],
    ['image/svg+xml', false],
  ])('%s → %s', (contentType, expected) => {
    // Prepare: the Content-Type

    // Act
    const result = isHtmlType(contentType);

    // Assess
    expect(result).toBe(expected);
  });
});
