import { endpoint } from '../lib/http/endpoint';
import { drawJokes, JOKE_POOL_FILES } from '../lib/jokes/pools';
import { referenceData } from '../lib/reference/referenceData';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.jokes, ({ params, account }) => {
  const pool = referenceData<string[]>(account.tier === 'free' ? JOKE_POOL_FILES.free : JOKE_POOL_FILES.premium);
  return drawJokes(pool, params.limit).map((joke) => ({ joke }));
});
