import { endpoint } from '../lib/http/endpoint';
import { InvalidParameterError, UpstreamError } from '../lib/http/errors';
import { parseAllowedTestHosts } from '../lib/web/addressPolicy';
import { createDnsResolver, resolverOptionsFromEnv } from '../lib/web/dns';
import { DEFAULT_FETCH_LIMITS, PageFetchError, RefusedTargetError } from '../lib/web/fetchPage';
import { parseTargetUrl } from '../lib/web/targetUrl';
import { loadWebpage } from '../lib/web/webpage';
import { internetEndpoints } from '../lib/api/internet';

/** WEBPAGE_TIMEOUT_MS may shorten (never lengthen) the 10 s fetch limit: the tests use it to stay fast. */
function fetchTimeoutMs(): number {
  const configured = Number(process.env.WEBPAGE_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? Math.min(configured, DEFAULT_FETCH_LIMITS.timeoutMs) : DEFAULT_FETCH_LIMITS.timeoutMs;
}

export const handler = endpoint(internetEndpoints.webpage, async ({ params }) => {
  const parsed = parseTargetUrl(params.url);
  if ('problem' in parsed) throw new InvalidParameterError(`Parameter 'url' ${parsed.problem}.`, 'url');
  try {
    return await loadWebpage(parsed.url, {
      ...DEFAULT_FETCH_LIMITS,
      timeoutMs: fetchTimeoutMs(),
      resolver: createDnsResolver(resolverOptionsFromEnv()),
      // test-only: the integration tests' fake website on 127.0.0.1; never set by the CDK stack
      allowedTestHosts: parseAllowedTestHosts(process.env.WEBPAGE_ALLOWED_TEST_HOSTS),
    });
  } catch (error) {
    if (error instanceof RefusedTargetError) throw new InvalidParameterError(`Parameter 'url' is refused: ${error.message}`, 'url');
    if (error instanceof PageFetchError) throw new UpstreamError(error.message);
    throw error;
  }
});
