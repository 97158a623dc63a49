import { endpoint } from '../lib/http/endpoint';
import { ACCESS } from '../lib/http/plans';
import { describePhone, parsePhoneInput, phoneCountry } from '../lib/phone/lookup';
import { callingCodePrefixes, countryNames } from '../lib/phone/prefixData';
import { lookupEndpoints } from '../lib/api/lookups';

export const handler = endpoint(lookupEndpoints.phoneLookup, ({ params, account }) => {
  const country = params.country === undefined ? undefined : phoneCountry(params.country);
  const phone = parsePhoneInput(params.number, country);
  return describePhone(phone, country, callingCodePrefixes(phone.countryCallingCode), countryNames(), ACCESS.business.allows(account));
});
