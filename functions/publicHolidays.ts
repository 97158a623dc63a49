import { endpoint } from '../lib/http/endpoint';
import { requireCountry } from '../lib/calendars/country';
import { publicHolidays } from '../lib/calendars/holidays';
import { calendarEndpoints } from '../lib/api/calendars';

export const handler = endpoint(calendarEndpoints.publicHolidays, ({ params, now }) =>
  publicHolidays(requireCountry(params.country, 'codeOrName'), params.year ?? now.getUTCFullYear()),
);
