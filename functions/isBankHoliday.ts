import { endpoint } from '../lib/http/endpoint';
import { requireCountry } from '../lib/calendars/country';
import { bankHolidaysOn } from '../lib/calendars/holidays';
import { calendarEndpoints } from '../lib/api/calendars';

export const handler = endpoint(calendarEndpoints.isBankHoliday, ({ params }) => {
  const country = requireCountry(params.country, 'codeOrName');
  const names = bankHolidaysOn(country, params.date);
  return names.length > 0
    ? { is_bank_holiday: true, holiday_name: names.join(' / '), date: params.date, country }
    : { is_bank_holiday: false, date: params.date, country };
});
