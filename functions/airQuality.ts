import { endpoint } from '../lib/http/endpoint';
import { airQualityAt, airQualityInCity } from '../lib/airQuality/service';
import { aviationEndpoints } from '../lib/api/aviation';

export const handler = endpoint(aviationEndpoints.airQuality, ({ params, now }) =>
  params.lat !== undefined && params.lon !== undefined
    ? airQualityAt(params.lat, params.lon, now)
    : airQualityInCity({ city: params.city!, state: params.state, country: params.country }, now),
);
