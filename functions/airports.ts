import { endpoint } from '../lib/http/endpoint';
import { referenceData } from '../lib/reference/referenceData';
import { unpackAirports } from '../lib/aviation/airportFile';
import { searchAirports } from '../lib/aviation/search';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.airports, ({ params }) => {
  const airports = referenceData('airports.json', unpackAirports);
  const { offset, ...filters } = params;
  return searchAirports(airports, filters, offset);
});
