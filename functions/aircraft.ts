import { endpoint } from '../lib/http/endpoint';
import { referenceData } from '../lib/reference/referenceData';
import { searchAircraft } from '../lib/aviation/search';
import type { AircraftRecord } from '../lib/aviation/types';
import type { PackedRecords } from '../lib/reference/packedRecords';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.aircraft, ({ params }) => {
  const { limit, ...filters } = params;
  return searchAircraft(referenceData<PackedRecords<AircraftRecord>>('aircraft.json'), filters, limit);
});
