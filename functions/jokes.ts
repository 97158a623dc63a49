import { endpoint } from '../lib/http/endpoint';
import { drawJokes, type JokePools } from '../lib/jokes/pools';
import { referenceData } from '../lib/reference/referenceData';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.jokes, ({ params, account }) => {
  const pools = referenceData<JokePools>('jokes.json');
  const pool = account.tier === 'free' ? pools.free : pools.premium;
  return drawJokes(pool, params.limit).map((joke) => ({ joke }));
});
