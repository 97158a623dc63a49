import { endpoint } from '../lib/http/endpoint';
import { requireCountry } from '../lib/calendars/country';
import { bankHolidaysOn, requireRegion } from '../lib/calendars/holidays';
import { calendarEndpoints } from '../lib/api/calendars';

export const handler = endpoint(calendarEndpoints.isBankHoliday, ({ params }) => {
  const country = requireCountry(params.country, 'codeOrName');
  const region = params.region === undefined ? undefined : requireRegion(country, params.region);
  const { names, regions } = bankHolidaysOn(country, params.date, region);
  const asked = { date: params.date, country, ...(region ? { region } : {}) };
  if (names.length === 0) return { is_bank_holiday: false, ...asked };
  return { is_bank_holiday: true, holiday_name: names.join(' / '), ...asked, ...(region ? {} : { regions }) };
});
