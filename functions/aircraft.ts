import { endpoint } from '../lib/http/endpoint';
import { NoDataError } from '../lib/http/errors';
import { referenceData } from '../lib/reference/referenceData';
import { searchAircraft } from '../lib/aviation/search';
import type { AircraftRecord } from '../lib/aviation/types';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.aircraft, ({ params }) => {
  const { limit, ...filters } = params;
  const results = searchAircraft(referenceData<AircraftRecord[]>('aircraft.json'), filters, limit);
  if (results.length === 0) throw new NoDataError('No aircraft match these filters.');
  return results;
});
