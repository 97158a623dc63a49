import { endpoint } from '../lib/http/endpoint';
import { airportTable } from '../lib/aviation/airportFile';
import { searchAirports } from '../lib/aviation/search';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.airports, ({ params }) => {
  const { offset, ...filters } = params;
  return searchAirports(airportTable(), filters, offset);
});
