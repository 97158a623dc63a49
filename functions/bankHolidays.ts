import { endpoint } from '../lib/http/endpoint';
import { requireCountry } from '../lib/calendars/country';
import { bankHolidays } from '../lib/calendars/holidays';
import { calendarEndpoints } from '../lib/api/calendars';

export const handler = endpoint(calendarEndpoints.bankHolidays, ({ params, now }) =>
  bankHolidays(requireCountry(params.country, 'codeOrName'), params.year ?? now.getUTCFullYear()),
);
