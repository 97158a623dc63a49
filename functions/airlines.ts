import { endpoint } from '../lib/http/endpoint';
import { NoDataError } from '../lib/http/errors';
import { referenceData } from '../lib/reference/referenceData';
import { searchAirlines } from '../lib/aviation/search';
import type { AirlineEntry } from '../lib/aviation/types';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.airlines, ({ params }) => {
  const results = searchAirlines(referenceData<AirlineEntry[]>('airlines.json'), params);
  if (results.length === 0) throw new NoDataError('No airline matches these filters.');
  return results;
});
