/** The reference-data files of the phone lookup (numbering metadata, prefix tables), loaded once per container on first use. */
import type { MetadataJson } from 'libphonenumber-js/core';
import { referenceData } from '../reference/referenceData';
import { PHONE_METADATA_FILE, PHONE_PREFIX_INDEX_FILE, phonePrefixFile, type CallingCodePrefixes, type PrefixIndex } from './prefixTable';

/** libphonenumber's numbering plans (libphonenumber-js max metadata); 503 when the import step has not run. */
export const phoneMetadata = () => referenceData<MetadataJson>(PHONE_METADATA_FILE);

/** English region names (ISO 3166 alpha-2 → name); 503 when the import step has not run. */
export function countryNames(): Record<string, string> {
  return referenceData<PrefixIndex>(PHONE_PREFIX_INDEX_FILE).countryNames;
}

/** Tables of the calling code, null when libphonenumber has none; 503 when the import step has not run. */
export function callingCodePrefixes(callingCode: string): CallingCodePrefixes | null {
  const index = referenceData<PrefixIndex>(PHONE_PREFIX_INDEX_FILE);
  return index.callingCodes.includes(callingCode) ? referenceData<CallingCodePrefixes>(phonePrefixFile(callingCode)) : null;
}
