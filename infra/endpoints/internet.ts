/** Internet lookups (spec 4.11): email validation and web page metadata. */
export const internetEndpoints = {};
