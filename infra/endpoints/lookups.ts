/** Lookups (spec 4.2, 4.11): phone numbers and VINs. */
export const lookupEndpoints = {};
