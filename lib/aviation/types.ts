/** The served records (spec 2.1–2.4). Numbers the spec types as strings are strings; unknown values are null. */

export interface AircraftRecord {
  manufacturer: string;
  model: string;
  notes: string | null;
  icao_type: string | null;
  iata_types: string[];
  aircraft_class: string | null;
  engine_count: number | null;
  engine_type: string | null;
  engine_horsepower: string | null;
  engine_thrust_lbf: string | null;
  /** deprecated: horsepower for piston/propjet, pounds of thrust for jets */
  engine_thrust_lb_ft: string | null;
  max_speed_knots: string | null;
  cruise_speed_knots: string | null;
  stall_knots: string | null;
  ceiling_ft: string | null;
  rate_of_climb_ft_per_min: string | null;
  takeoff_over_50ft_ft: string | null;
  takeoff_ground_run_ft: string | null;
  landing_over_50ft_ft: string | null;
  landing_ground_roll_ft: string | null;
  gross_weight_lbs: string | null;
  empty_weight_lbs: string | null;
  length_ft: string | null;
  height_ft: string | null;
  wing_span_ft: string | null;
  range_nautical_miles: string | null;
  faa_weight_class: string | null;
  icao_wake_category: string | null;
  faa_cwt_category: string | null;
}

export interface AirlineRecord {
  name: string;
  country: string | null;
  year_created: string | null;
  base: string | null;
  iata: string | null;
  icao: string | null;
  fleet: Record<string, number> | null;
  logo_url: string | null;
  brandmark_url: string | null;
  tail_logo_url: string | null;
}

/** airlines.json: the records plus whether each airline is still flying (active ones are listed first). */
export interface AirlineEntry extends AirlineRecord {
  active: boolean;
}

/** An open runway (closed runways are not served, so `closed` is always false). */
export interface Runway {
  length: number | null;
  width: number | null;
  has_lights: boolean;
  /** OurAirports' surface code as published (ASP, CON, TURF, ...) */
  surface: string | null;
  closed: false;
  /** designator of the low and high end (09L, 27R) */
  le_ident: string | null;
  he_ident: string | null;
  /** true heading of each end, degrees */
  le_heading_deg: number | null;
  he_heading_deg: number | null;
}

export type AirportSize = 'large' | 'medium' | 'small';

/**
 * A served airport: the spec's fields and the live service's that OurAirports carries (CONTRACT "Live-service
 * parity"). `icao`/`iata` are "" for an airport without such a code (the spec types them as strings).
 */
export interface AirportRecord {
  icao: string;
  iata: string;
  /** OurAirports' identifier (the ICAO code where there is one) */
  ident: string;
  name: string;
  city: string | null;
  region: string | null;
  /** ISO 3166-2 code of the region (GB-ENG), as OurAirports has it */
  region_code: string | null;
  country: string;
  country_name: string | null;
  /** AF, AN, AS, EU, NA, OC, SA */
  continent: string | null;
  elevation_ft: number | null;
  elevation_m: number | null;
  latitude: number;
  longitude: number;
  timezone: string | null;
  /** OurAirports' type: large_airport, medium_airport, small_airport, heliport, seaplane_base, balloonport */
  type: string;
  size: AirportSize;
  scheduled_service: boolean;
  /** false: closed airports are not served */
  is_closed: false;
  gps_code: string | null;
  local_code: string | null;
  home_link: string | null;
  wikipedia_link: string | null;
  keywords: string[];
  num_runways: number;
  longest_runway_ft: number | null;
  runways: Runway[];
}
