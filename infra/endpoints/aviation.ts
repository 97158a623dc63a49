/** Aviation and environment (spec 2.1–2.5, 4.11): aircraft, airlines, airports, air quality. */
export const aviationEndpoints = {};
