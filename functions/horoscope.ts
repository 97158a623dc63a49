import { endpoint } from '../lib/http/endpoint';
import { utcDate } from '../lib/time/calendarDate';
import { composeHoroscope } from '../lib/horoscope/horoscope';
import { signName } from '../lib/horoscope/signs';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.horoscope, ({ params, now }) => {
  const date = params.date ?? utcDate(now);
  return { date, zodiac: params.zodiac, sign: signName(params.zodiac), horoscope: composeHoroscope(params.zodiac, date) };
});
