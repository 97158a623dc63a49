/** The reference-data prefix tables of one calling code, loaded once per container on first use. */
import { referenceData } from '../reference/referenceData';
import { PHONE_PREFIX_INDEX_FILE, phonePrefixFile, type CallingCodePrefixes, type PrefixIndex } from './prefixTable';

/** English region names (ISO 3166 alpha-2 → name); 503 when the import step has not run. */
export function countryNames(): Record<string, string> {
  return referenceData<PrefixIndex>(PHONE_PREFIX_INDEX_FILE).countryNames;
}

/** Tables of the calling code, null when libphonenumber has none; 503 when the import step has not run. */
export function callingCodePrefixes(callingCode: string): CallingCodePrefixes | null {
  const index = referenceData<PrefixIndex>(PHONE_PREFIX_INDEX_FILE);
  return index.callingCodes.includes(callingCode) ? referenceData<CallingCodePrefixes>(phonePrefixFile(callingCode)) : null;
}
