import { endpoint } from '../lib/http/endpoint';
import { requireCountry } from '../lib/calendars/country';
import { publicHolidays } from '../lib/calendars/holidays';
import { endpoints } from '../infra/registry';

export const handler = endpoint(endpoints.publicHolidays, ({ params, now }) =>
  publicHolidays(requireCountry(params.country, 'codeOrName'), params.year ?? now.getUTCFullYear()),
);
