import { endpoint } from '../lib/http/endpoint';
import { NoDataError } from '../lib/http/errors';
import { referenceData } from '../lib/reference/referenceData';
import { unpackAirports } from '../lib/aviation/airportFile';
import { searchAirports } from '../lib/aviation/search';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.airports, ({ params }) => {
  const airports = referenceData('airports.json', unpackAirports);
  const { offset, ...filters } = params;
  const results = searchAirports(airports, filters, offset);
  if (results.length === 0) throw new NoDataError(offset > 0 ? `No airports match these filters at offset ${offset}.` : 'No airports match these filters.');
  return results;
});
