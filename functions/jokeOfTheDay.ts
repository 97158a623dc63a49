import { endpoint } from '../lib/http/endpoint';
import { utcDate } from '../lib/time/calendarDate';
import { jokeOfTheDay, type JokePools } from '../lib/jokes/pools';
import { referenceData } from '../lib/reference/referenceData';
import { endpoints } from '../infra/registry';

export const handler = endpoint(endpoints.jokeOfTheDay, ({ now }) => [
  { joke: jokeOfTheDay(referenceData<JokePools>('jokes.json').free, utcDate(now)) },
]);
