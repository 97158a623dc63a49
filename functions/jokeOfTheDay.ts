import { endpoint } from '../lib/http/endpoint';
import { utcDate } from '../lib/time/calendarDate';
import { JOKE_POOL_FILES, jokeOfTheDay } from '../lib/jokes/pools';
import { referenceData } from '../lib/reference/referenceData';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.jokeOfTheDay, ({ now }) => [
  { joke: jokeOfTheDay(referenceData<string[]>(JOKE_POOL_FILES.free), utcDate(now)) },
]);
