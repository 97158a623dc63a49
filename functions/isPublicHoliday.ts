import { endpoint } from '../lib/http/endpoint';
import { requireCountry } from '../lib/calendars/country';
import { publicHolidaysOn, requireRegion } from '../lib/calendars/holidays';
import { calendarEndpoints } from '../lib/api/calendars';

export const handler = endpoint(calendarEndpoints.isPublicHoliday, ({ params }) => {
  const country = requireCountry(params.country, 'code');
  const region = params.region === undefined ? undefined : requireRegion(country, params.region);
  const names = publicHolidaysOn(country, params.date, region);
  return {
    is_public_holiday: names.length > 0,
    public_holiday_name: names.length > 0 ? names.join(' / ') : null,
    date: params.date,
    country,
    ...(region ? { region } : {}),
  };
});
