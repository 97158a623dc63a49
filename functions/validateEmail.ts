import { validateEmail } from '../lib/email/validateEmail';
import { EMAIL_DOMAINS_FILE, indexDomainLists } from '../lib/email/domainLists';
import { endpoint } from '../lib/http/endpoint';
import { UpstreamError } from '../lib/http/errors';
import { referenceData } from '../lib/reference/referenceData';
import { createDnsResolver, DnsLookupError, resolverOptionsFromEnv } from '../lib/web/dns';
import { internetEndpoints } from '../lib/api/internet';

export const handler = endpoint(internetEndpoints.validateEmail, async ({ params }) => {
  const lists = referenceData(EMAIL_DOMAINS_FILE, indexDomainLists);
  // DNS_SERVERS / DNS_TIMEOUT_MS are read per call (the integration tests set them after loading this module)
  const resolver = createDnsResolver(resolverOptionsFromEnv());
  try {
    return await validateEmail(params.email, { lists, resolver });
  } catch (error) {
    if (error instanceof DnsLookupError) {
      const what = error.failure === 'timeout' ? 'did not answer in time' : 'failed';
      throw new UpstreamError(`The DNS lookup of ${error.domain} ${what}; the address could not be checked. Please try again.`);
    }
    throw error;
  }
});
