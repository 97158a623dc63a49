/** /v1/vinlookup (spec 4.11): the response fields of a VIN or Japanese chassis number. */
import { referenceData } from '../reference/referenceData';
import { modelYear, type VehicleIdentifier } from './vin';
import { findWmi, vinCountry, vinRegion, WMI_TABLE_FILE, wmiPartFile, type WmiIndex, type WmiTable } from './wmi';
import type { VpicVehicle } from './vpicDecoder';

export interface VinLookup {
  vin: string;
  country: string | null;
  region: string | null;
  wmi: string | null;
  vds: string | null;
  vis: string | null;
  year: string | null;
}

export interface VinLookupPremium {
  manufacturer: string | null;
  model: string | null;
  class: string | null;
}

/**
 * The part of the WMI table (reference data) a VIN's WMI is in: the file of its first two characters, or
 * none when no WMI begins with them; 503 when the table was not imported, whatever the identifier.
 */
export function wmiTableFor(id: VehicleIdentifier): WmiTable {
  const index = referenceData<WmiIndex>(WMI_TABLE_FILE);
  const prefix = id.kind === 'vin' ? id.vin.slice(0, 2) : undefined;
  return prefix && index.prefixes.includes(prefix) ? referenceData<WmiTable>(wmiPartFile(prefix)) : {};
}

/** All plans' fields and the WMI table's manufacturer (shown to paid plans). */
export function describeVehicle(id: VehicleIdentifier, wmis: WmiTable, now: Date): { lookup: VinLookup; manufacturer: string | null } {
  if (id.kind === 'chassis') {
    // Japanese domestic chassis numbers carry a model code and a serial: no WMI, no year code
    return {
      lookup: { vin: id.chassis, country: 'Japan', region: 'Asia', wmi: null, vds: null, vis: null, year: null },
      manufacturer: null,
    };
  }
  const { vin } = id;
  const entry = findWmi(wmis, vin);
  const year = modelYear(vin, now);
  return {
    lookup: {
      vin,
      country: entry?.[1] ?? vinCountry(vin),
      region: vinRegion(vin),
      wmi: vin.slice(0, 3),
      vds: vin.slice(3, 9),
      vis: vin.slice(9, 17),
      year: year === null ? null : String(year),
    },
    manufacturer: entry?.[0] ?? null,
  };
}

/** The paid plans' fields: manufacturer from the WMI table, model and body class from vPIC when decoded. */
export function premiumFields(manufacturer: string | null, decoded: VpicVehicle | null): VinLookupPremium {
  return { manufacturer, model: decoded?.model ?? null, class: decoded?.bodyClass ?? null };
}
