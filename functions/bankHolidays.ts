import { endpoint } from '../lib/http/endpoint';
import { requireCountry } from '../lib/calendars/country';
import { bankHolidays } from '../lib/calendars/holidays';
import { endpoints } from '../infra/registry';

export const handler = endpoint(endpoints.bankHolidays, ({ params, now }) =>
  bankHolidays(requireCountry(params.country, 'codeOrName'), params.year ?? now.getUTCFullYear()),
);
