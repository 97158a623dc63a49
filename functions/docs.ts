import { endpoint } from '../lib/http/endpoint';
import { docsPage } from '../lib/http/docsPage';
import { TextBody } from '../lib/http/response';
import { endpoints } from '../lib/api/registry';

let page: TextBody | undefined;

export const handler = endpoint(endpoints.docs, () => (page ??= new TextBody(docsPage(), 'text/html; charset=utf-8')));
