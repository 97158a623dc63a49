import { counterRetention } from '../lib/counters/retention';
import { endpoint } from '../lib/http/endpoint';
import { InvalidParameterError } from '../lib/http/errors';
import { applyCounterChange, CounterAtMaximumError, type CounterChange } from '../lib/store/counters';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.counter, async ({ params, account, now, event }) => {
  // HEAD is safe (RFC 9110): it reads the counter and never hits or sets it
  const change: CounterChange =
    event.requestContext.http.method === 'HEAD' ? { kind: 'read' }
    : params.value !== undefined ? { kind: 'set', value: params.value }
    : params.hit ? { kind: 'hit' }
    : { kind: 'read' };
  try {
    const value = await applyCounterChange(account.keyHash, params.id, change, counterRetention(account.tier), now);
    return { id: params.id, value };
  } catch (error) {
    if (error instanceof CounterAtMaximumError) throw new InvalidParameterError(error.message, 'hit');
    throw error;
  }
});
