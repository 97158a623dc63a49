import { endpoint } from '../lib/http/endpoint';
import { filterProfanity } from '../lib/text/profanity';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.profanityFilter, ({ params }) => filterProfanity(params.text));
