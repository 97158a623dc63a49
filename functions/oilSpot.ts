import { endpoint } from '../lib/http/endpoint';
import { oilSpot } from '../lib/energy/oilSpot';
import { energyEndpoints } from '../lib/api/energy';

export const handler = endpoint(energyEndpoints.oilSpot, ({ params, now }) => oilSpot(params, now));
