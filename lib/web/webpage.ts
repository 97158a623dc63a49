/** /v1/webpage: a page's URL parts and metadata, from the page as loaded after redirects. */
import { fetchPage, PageFetchError, type FetchOptions } from './fetchPage';
import { decodeHtml, looksLikeHtml, readPageMetadata, type PageMetadata } from './pageMetadata';

export interface UrlParts {
  /** the final URL after redirects */
  url: string;
  /** its host name (ASCII form; IPv6 in brackets) */
  domain: string;
  url_path: string;
  /** decoded query parameters; a parameter given several times → array of its values in order */
  url_parameters: Record<string, string | string[]>;
}

export type Webpage = UrlParts & PageMetadata;

export function urlParts(url: URL): UrlParts {
  // a Map first: parameter names such as __proto__ are data, not properties
  const parameters = new Map<string, string | string[]>();
  for (const [name, value] of url.searchParams) {
    const earlier = parameters.get(name);
    parameters.set(name, earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]);
  }
  return { url: url.href, domain: url.hostname, url_path: url.pathname, url_parameters: Object.fromEntries(parameters) };
}

/** Loads the page (see fetchPage for the limits and the address policy) and reads its metadata. */
export async function loadWebpage(start: URL, options: FetchOptions): Promise<Webpage> {
  const page = await fetchPage(start, options);
  const html = decodeHtml(page.body, page.contentType);
  if (page.contentType === null && !looksLikeHtml(html)) {
    throw new PageFetchError('The URL is not an HTML page (no Content-Type, and the content is not HTML).');
  }
  return { ...urlParts(page.url), ...readPageMetadata(html, page.url) };
}
