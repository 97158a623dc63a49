import { endpoint } from '../lib/http/endpoint';
import { ACCESS } from '../lib/http/plans';
import { describeVehicle, premiumFields, wmiTableFor } from '../lib/vehicles/lookup';
import { modelYear, parseVehicleIdentifier } from '../lib/vehicles/vin';
import { vpicDecoder } from '../lib/vehicles/vpicDecoder';
import { lookupEndpoints } from '../lib/api/lookups';

export const handler = endpoint(lookupEndpoints.vinLookup, async ({ params, account, now }) => {
  const id = parseVehicleIdentifier(params.vin);
  const { lookup, manufacturer } = describeVehicle(id, wmiTableFor(id), now);
  if (!ACCESS.premium.allows(account)) return lookup;
  const decoder = id.kind === 'vin' ? await vpicDecoder() : null;
  const decoded = decoder && id.kind === 'vin' ? decoder.decode(id.vin, modelYear(id.vin, now)) : null;
  return { ...lookup, ...premiumFields(manufacturer, decoded) };
});
