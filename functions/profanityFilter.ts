import { endpoint } from '../lib/http/endpoint';
import { filterProfanity } from '../lib/text/profanity';
import { endpoints } from '../infra/registry';

export const handler = endpoint(endpoints.profanityFilter, ({ params }) => filterProfanity(params.text));
