import { endpoint } from '../lib/http/endpoint';
import { utcDate } from '../lib/time/calendarDate';
import { jokeOfTheDay, type JokePools } from '../lib/jokes/pools';
import { referenceData } from '../lib/reference/referenceData';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.jokeOfTheDay, ({ now }) => [
  { joke: jokeOfTheDay(referenceData<JokePools>('jokes.json').free, utcDate(now)) },
]);
