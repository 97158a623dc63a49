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

export interface Runway {
  length: number | null;
  width: number | null;
  has_lights: boolean;
}

export type AirportSize = 'large' | 'medium' | 'small';

export interface AirportRecord {
  icao: string | null;
  iata: string | null;
  name: string;
  city: string | null;
  region: string | null;
  country: string;
  elevation_ft: number | null;
  latitude: number;
  longitude: number;
  timezone: string | null;
  size: AirportSize;
  num_runways: number;
  runways: Runway[];
}
