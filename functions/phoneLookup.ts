import { endpoint } from '../lib/http/endpoint';
import { ACCESS } from '../lib/http/plans';
import { describePhone, parsePhoneInput, phoneCountry } from '../lib/phone/lookup';
import { callingCodePrefixes, countryNames, phoneMetadata } from '../lib/phone/prefixData';
import { lookupEndpoints } from '../lib/api/lookups';

export const handler = endpoint(lookupEndpoints.phoneLookup, ({ params, account }) => {
  const metadata = phoneMetadata();
  const country = params.country === undefined ? undefined : phoneCountry(params.country, metadata);
  const phone = parsePhoneInput(params.number, country, metadata);
  return describePhone(phone, country, callingCodePrefixes(phone.countryCallingCode), countryNames(), ACCESS.business.allows(account), metadata);
});
