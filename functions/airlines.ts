import { endpoint } from '../lib/http/endpoint';
import { referenceData } from '../lib/reference/referenceData';
import { searchAirlines } from '../lib/aviation/search';
import type { AirlineEntry } from '../lib/aviation/types';
import type { PackedRecords } from '../lib/reference/packedRecords';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.airlines, ({ params }) => {
  return searchAirlines(referenceData<PackedRecords<AirlineEntry>>('airlines.json'), params);
});
