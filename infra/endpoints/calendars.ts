/** Calendars (spec 4.10): public and bank holidays. */
export const calendarEndpoints = {};
